#!/usr/bin/env python3
"""Regenerates the known-CEP data set of the mock CEP API (deterministic: same seed, same files).

Writes, relative to this folder:
  ceps.csv                      the known CEPs (what load tests draw from)
  __files/ceps/<cep>.json       one ViaCEP-shaped body per known CEP
  mappings/viacep-known.json    one stub that matches exactly the known CEPs
  kustomization.yaml            the mappings and bodies as ConfigMaps for k8s/ (kustomize lists files, no globs)

Cities are real (IBGE code, DDD and CEP range); streets are drawn from common Brazilian street names,
so a CEP here is plausible, not necessarily a real address.
"""
import json, random, pathlib

HERE = pathlib.Path(__file__).resolve().parent
COUNT = 500
SEED = 20261121

# localidade, uf, ibge, ddd, first CEP, last CEP
CITIES = [
    ("São Paulo", "SP", "3550308", "11", 1000000, 5999999),
    ("Rio de Janeiro", "RJ", "3304557", "21", 20000000, 23799999),
    ("Belo Horizonte", "MG", "3106200", "31", 30000000, 31999999),
    ("Brasília", "DF", "5300108", "61", 70000000, 72799999),
    ("Salvador", "BA", "2927408", "71", 40000000, 42599999),
    ("Fortaleza", "CE", "2304400", "85", 60000000, 61599999),
    ("Curitiba", "PR", "4106902", "41", 80000000, 82999999),
    ("Recife", "PE", "2611606", "81", 50000000, 52999999),
    ("Porto Alegre", "RS", "4314902", "51", 90000000, 91999999),
    ("Manaus", "AM", "1302603", "92", 69000000, 69099999),
    ("Belém", "PA", "1501402", "91", 66000000, 66999999),
    ("Goiânia", "GO", "5208707", "62", 74000000, 74899999),
    ("Florianópolis", "SC", "4205407", "48", 88000000, 88099999),
    ("Vitória", "ES", "3205309", "27", 29000000, 29099999),
    ("Natal", "RN", "2408102", "84", 59000000, 59161999),
    ("João Pessoa", "PB", "2507507", "83", 58000000, 58099999),
    ("Campinas", "SP", "3509502", "19", 13000000, 13139999),
    ("São Luís", "MA", "2111300", "98", 65000000, 65109999),
    ("Maceió", "AL", "2704302", "82", 57000000, 57099999),
    ("Teresina", "PI", "2211001", "86", 64000000, 64099999),
    ("Campo Grande", "MS", "5002704", "67", 79000000, 79124999),
    ("Cuiabá", "MT", "5103403", "65", 78000000, 78109999),
    ("Aracaju", "SE", "2800308", "79", 49000000, 49099999),
]
STREETS = ["Rua das Flores", "Avenida Brasil", "Rua Sete de Setembro", "Rua XV de Novembro", "Avenida Getúlio Vargas",
           "Rua Tiradentes", "Rua Dom Pedro II", "Avenida Santos Dumont", "Rua Rui Barbosa", "Rua São José",
           "Avenida Presidente Vargas", "Rua Marechal Deodoro", "Rua Duque de Caxias", "Rua Castro Alves",
           "Avenida Independência", "Rua José Bonifácio", "Rua Barão do Rio Branco", "Rua Padre Anchieta"]
BAIRROS = ["Centro", "Jardim América", "Boa Vista", "Santa Cecília", "Vila Nova", "São Francisco", "Aeroporto",
           "Bela Vista", "Liberdade", "Industrial", "Santo Antônio", "Cidade Nova"]
# Well-known real CEPs, so the README's examples return what a Brazilian reader expects.
FAMOUS = [
    ("01001000", "Praça da Sé", "lado ímpar", "Sé", "São Paulo", "SP", "3550308", "11"),
    ("01310100", "Avenida Paulista", "de 612 a 1510 - lado par", "Bela Vista", "São Paulo", "SP", "3550308", "11"),
    ("22041012", "Rua Barata Ribeiro", "de 502 a 760 - lado par", "Copacabana", "Rio de Janeiro", "RJ", "3304557", "21"),
    ("70040010", "SBS Quadra 1", "", "Asa Sul", "Brasília", "DF", "5300108", "61"),
]


def fmt(cep: str) -> str:
    return f"{cep[:5]}-{cep[5:]}"


def body(cep, logradouro, complemento, bairro, localidade, uf, ibge, ddd):
    return {"cep": fmt(cep), "logradouro": logradouro, "complemento": complemento, "unidade": "",
            "bairro": bairro, "localidade": localidade, "uf": uf, "estado": "", "regiao": "",
            "ibge": ibge, "gia": "", "ddd": ddd, "siafi": ""}


def main():
    rnd = random.Random(SEED)
    rows = {f[0]: f for f in FAMOUS}
    while len(rows) < COUNT:
        loc, uf, ibge, ddd, lo, hi = rnd.choice(CITIES)
        cep = f"{rnd.randint(lo, hi) // 10 * 10:08d}"
        rows.setdefault(cep, (cep, rnd.choice(STREETS), "", rnd.choice(BAIRROS), loc, uf, ibge, ddd))

    files = HERE / "__files" / "ceps"
    files.mkdir(parents=True, exist_ok=True)
    for old in files.glob("*.json"):
        old.unlink()
    ceps = sorted(rows)
    for cep in ceps:
        (files / f"{cep}.json").write_text(json.dumps(body(*rows[cep]), ensure_ascii=False, indent=2) + "\n")
    (HERE / "ceps.csv").write_text("cep\n" + "".join(c + "\n" for c in ceps))

    stub = {
        "priority": 5,
        "request": {"method": "GET", "urlPathPattern": "/ws/(" + "|".join(ceps) + ")/json/"},
        "response": {
            "status": 200,
            "headers": {"Content-Type": "application/json; charset=utf-8"},
            "bodyFileName": "ceps/{{request.pathSegments.[1]}}.json",
            "transformers": ["response-template"],
            # Only the file's name is a template: rendering each body file as one compiled it anew on every request
            # (WireMock's uncached path for file bodies), 9% of WireMock's CPU in a profile.
            "transformerParameters": {"disableBodyFileTemplating": True},
            "delayDistribution": {"type": "lognormal", "median": 200, "sigma": 0.4},
        },
        "metadata": {"lab": {"latency": "cep"}, "description": "a known CEP: its ViaCEP body"},
    }
    (HERE / "mappings" / "viacep-known.json").write_text(json.dumps(stub, ensure_ascii=False, indent=2) + "\n")
    write_kustomization()


def write_kustomization():
    mappings = sorted(m.name for m in (HERE / "mappings").glob("*.json"))
    bodies = sorted(b.name for b in (HERE / "__files" / "ceps").glob("*.json"))
    lines = [
        "# Generated by generate-ceps.py: the mock CEP API's mappings and bodies as ConfigMaps, for k8s/base.",
        "# kustomize lists files one by one (no globs); a ConfigMap holds up to 1 MiB, and the 500 bodies are ~130 KB.",
        "apiVersion: kustomize.config.k8s.io/v1beta1",
        "kind: Kustomization",
        "configMapGenerator:",
        "  - name: wiremock-mappings",
        "    files:",
        *[f"      - mappings/{m}" for m in mappings],
        "  - name: wiremock-cep-bodies",
        "    files:",
        *[f"      - __files/ceps/{b}" for b in bodies],
    ]
    (HERE / "kustomization.yaml").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
