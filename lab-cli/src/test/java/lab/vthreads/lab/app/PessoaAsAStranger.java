package lab.vthreads.lab.app;

import lab.vthreads.infra.testdata.Cpfs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The tests' "user's application": pessoa-service's own jar, told everything through Spring properties and the
 * stubs' URL property, as the lab runs a jar it knows nothing about; and a scenario that stores a person and reads it
 * back, with unique valid CPFs for every user a short run can have.
 */
public final class PessoaAsAStranger {

    private PessoaAsAStranger() {
    }

    public static SpringBootJar jar(Path home) throws IOException {
        return moduleJar(home, "pessoa-service");
    }

    /** A reactor module's executable jar, as its build left it in target/. */
    static SpringBootJar moduleJar(Path home, String module) throws IOException {
        try (Stream<Path> files = Files.list(home.resolve(module).resolve("target"))) {
            return SpringBootJar.inspect(files.filter(f -> f.getFileName().toString().matches(module + "-.*\\.jar")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no " + module + " jar: build with ./mvnw -DskipTests package")));
        }
    }

    /** With the lab's database and the repository's CEP stubs under the property pessoa-service reads. */
    public static Application withStubs(Path home) throws IOException {
        return withStubs(home, Map.of());
    }

    /** The same, with Spring properties of its own, as a user's {@code --app-property} gives them. */
    public static Application withStubs(Path home, Map<String, String> properties) throws IOException {
        return new Application(jar(home), properties, Map.of(), null, true, home.resolve("wiremock"), "lab.cep.base-url");
    }

    /** people.csv and scenario.yaml in {@code dir}; returns the scenario. */
    public static Path storeAndReadBack(Path dir, int people) throws IOException {
        return storeAndReadBack(dir, people, null);
    }

    /** The same, for an application served under a context path ({@code config.target}); null: at the root. */
    public static Path storeAndReadBack(Path dir, int people, String target) throws IOException {
        StringBuilder csv = new StringBuilder("cpf,cep\n");
        for (int i = 0; i < people; i++) csv.append(Cpfs.next()).append(",01001000\n");
        Files.writeString(dir.resolve("people.csv"), csv);
        return Files.writeString(dir.resolve("scenario.yaml"), (target == null ? "" : "config:\n  target: " + target + "\n") + """
                payload:
                  - path: people.csv
                scenarios:
                  - name: store and read back
                    flow:
                      - post:
                          url: /v1/pessoas
                          json: {cpf: "{{ cpf }}", nome: "PESSOA {{ $randomString(5) }}", enderecos: [{cep: "{{ cep }}"}]}
                          expect: 201
                          capture: {json: "$.id", as: id}
                      - get: /v1/pessoas/{{ id }}
                """);
    }
}
