-- The schema of pessoa-service. Flyway applies these files from db/migration in every mode:
-- the tests, the embedded lab and compose.

-- Ids come from sequences that step by 50 so Hibernate's pooled optimizer asks PostgreSQL for a new block
-- once every 50 inserts, not once per row (keep INCREMENT BY equal to the entities' allocationSize).
CREATE SEQUENCE pessoa_seq START WITH 1 INCREMENT BY 50;
CREATE SEQUENCE endereco_seq START WITH 1 INCREMENT BY 50;

CREATE TABLE pessoa (
    id         BIGINT       NOT NULL PRIMARY KEY,
    cpf        VARCHAR(11)  NOT NULL,
    nome       VARCHAR(100) NOT NULL,
    created_at TIMESTAMPTZ  NOT NULL DEFAULT now(),
    -- Duplicate CPFs are rejected here, not by a check-then-insert in the application, so it holds under concurrency.
    CONSTRAINT uk_pessoa_cpf UNIQUE (cpf),
    CONSTRAINT ck_pessoa_cpf_digits CHECK (cpf ~ '^[0-9]{11}$'),
    CONSTRAINT ck_pessoa_nome_not_blank CHECK (length(btrim(nome)) > 0)
);

CREATE TABLE endereco (
    id          BIGINT       NOT NULL PRIMARY KEY,
    pessoa_id   BIGINT       NOT NULL REFERENCES pessoa (id) ON DELETE CASCADE,
    cep         VARCHAR(8)   NOT NULL,
    logradouro  VARCHAR(200),
    complemento VARCHAR(200),
    bairro      VARCHAR(100),
    cidade      VARCHAR(100) NOT NULL,
    uf          VARCHAR(2)   NOT NULL,
    CONSTRAINT ck_endereco_cep_digits CHECK (cep ~ '^[0-9]{8}$')
);

-- GET /v1/pessoas/{id} loads a person's addresses by pessoa_id; the FK alone does not index it.
CREATE INDEX ix_endereco_pessoa_id ON endereco (pessoa_id);
