package lab.vthreads.infra.cep;

import com.github.tomakehurst.wiremock.http.LogNormal;
import com.github.tomakehurst.wiremock.http.UniformDistribution;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The real WireMock with the repository's wiremock/ files: what the service, the lab and compose all serve. */
class CepMockServerTest {

    static final Path ROOT = Path.of("..", "wiremock");
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static CepMockServer mock;
    static String mappingsDigestBefore;

    @BeforeAll
    static void start() throws Exception {
        mappingsDigestBefore = digestOfMappings();
        mock = CepMockServer.start(0, ROOT, new CepLatency.None());
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    @Test
    void answersAKnownCepWithItsViaCepBody() throws Exception {
        HttpResponse<String> response = get("/ws/22041012/json/");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"cep\": \"22041-012\"", "\"logradouro\": \"Rua Barata Ribeiro\"", "\"uf\": \"RJ\"",
                "\"ibge\": \"3304557\"", "\"ddd\": \"21\"");
    }

    @Test
    void servesEveryCepInTheLoadTestsDataSet() throws Exception {
        List<String> ceps = Files.readAllLines(ROOT.resolve("ceps.csv")).stream().skip(1).toList();
        assertThat(ceps).hasSizeGreaterThanOrEqualTo(500);
        for (String cep : List.of(ceps.getFirst(), ceps.get(ceps.size() / 2), ceps.getLast())) {
            assertThat(get("/ws/" + cep + "/json/").body()).contains(cep.substring(0, 5) + "-" + cep.substring(5));
        }
    }

    @Test
    void answersAnUnknownCepLikeViaCep() throws Exception {
        HttpResponse<String> response = get("/ws/00000000/json/");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"erro\":\"true\"");
    }

    @Test
    void answersAMalformedCepWith400() throws Exception {
        assertThat(get("/ws/1234/json/").statusCode()).isEqualTo(400);
        assertThat(get("/ws/abcdefgh/json/").statusCode()).isEqualTo(400);
    }

    @Test
    void answersTheServerErrorCepWith500() throws Exception {
        assertThat(get("/ws/99999003/json/").statusCode()).isEqualTo(500);
    }

    @Test
    void resetsOrDropsTheConnectionForTheFaultCeps() {
        for (String cep : List.of("99999001", "99999002")) {
            org.assertj.core.api.Assertions.assertThatIOException().isThrownBy(() -> get("/ws/" + cep + "/json/"));
        }
    }

    @Test
    void switchesTheLatencyOfTheCepStubsOnlyAndNeverRewritesTheFiles() throws Exception {
        try {
            mock.setLatency(new CepLatency.LogNormalLatency(200, 0.4));
            assertThat(cepStubs()).hasSize(2).allSatisfy(stub -> {
                assertThat(stub.getResponse().getDelayDistribution()).usingRecursiveComparison().isEqualTo(new LogNormal(200, 0.4));
                assertThat(stub.getResponse().getFixedDelayMilliseconds()).isNull();
            });

            mock.setLatency(new CepLatency.FixedLatency(1000));
            assertThat(cepStubs()).allSatisfy(stub -> {
                assertThat(stub.getResponse().getDelayDistribution()).isNull();
                assertThat(stub.getResponse().getFixedDelayMilliseconds()).isEqualTo(1000);
            });
            // A stub rewritten for its latency keeps its body files out of templating (only their names are templates).
            assertThat(cepStubs()).filteredOn(stub -> stub.getResponse().getBodyFileName() != null).isNotEmpty().allSatisfy(stub ->
                    assertThat(stub.getResponse().getTransformerParameters()).containsEntry("disableBodyFileTemplating", true));

            mock.setLatency(new CepLatency.UniformLatency(50, 150));
            assertThat(cepStubs()).allSatisfy(stub ->
                    assertThat(stub.getResponse().getDelayDistribution()).usingRecursiveComparison().isEqualTo(new UniformDistribution(50, 150)));

            // The slow fault keeps its own 10 s delay whatever the profile.
            assertThat(mock.server().getStubMappings()).filteredOn(s -> s.getRequest().getUrlPath() != null
                    && s.getRequest().getUrlPath().contains("99999004"))
                    .singleElement().satisfies(s -> assertThat(s.getResponse().getFixedDelayMilliseconds()).isEqualTo(10000));
        } finally {
            mock.setLatency(new CepLatency.None());
        }
        assertThat(digestOfMappings()).isEqualTo(mappingsDigestBefore);
    }

    @Test
    void refusesAFolderWithoutMappings() {
        assertThatIllegalArgumentException().isThrownBy(() -> CepMockServer.start(0, Path.of("target"), new CepLatency.None()))
                .withMessageContaining("No WireMock mappings");
    }

    private static List<StubMapping> cepStubs() {
        return mock.server().getStubMappings().stream()
                .filter(s -> s.getMetadata() != null && s.getMetadata().containsKey("lab"))
                .toList();
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(mock.baseUrl() + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String digestOfMappings() throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (Stream<Path> files = Files.list(ROOT.resolve("mappings")).sorted()) {
            for (Path file : files.toList()) {
                sha.update(file.getFileName().toString().getBytes());
                sha.update(Files.readAllBytes(file));
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
