package lab.vthreads.pessoa;

import lab.vthreads.pessoa.support.RealInfrastructureProperties;
import org.springframework.boot.SpringApplication;

/** Runs pessoa-service locally against the same embedded PostgreSQL and WireMock the tests use. */
public class TestPessoaServiceApplication {

    public static void main(String[] args) {
        SpringApplication.from(PessoaServiceApplication::main).with(RealInfrastructureProperties.class).run(args);
    }
}
