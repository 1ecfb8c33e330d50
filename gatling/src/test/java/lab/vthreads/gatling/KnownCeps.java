package lab.vthreads.gatling;

import lab.vthreads.infra.load.LoadProperty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The CEPs the mock knows ({@code wiremock/ceps.csv}); {@code -Dceps=PATH} points elsewhere. */
public final class KnownCeps {

    private KnownCeps() {
    }

    public static List<String> load() {
        Path csv = Path.of(LoadProperty.CEPS.value(defaultPath()));
        try {
            List<String> ceps = Files.readAllLines(csv).stream().skip(1).map(String::trim).filter(s -> !s.isEmpty()).toList();
            if (ceps.isEmpty()) {
                throw new IllegalStateException("no CEPs in " + csv.toAbsolutePath());
            }
            return ceps;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the known CEPs from " + csv.toAbsolutePath() + " (set -Dceps=PATH)", e);
        }
    }

    // Maven runs simulations from the gatling/ folder; the lab runs them from the repository root.
    private static String defaultPath() {
        return Files.exists(Path.of("../wiremock/ceps.csv")) ? "../wiremock/ceps.csv" : "wiremock/ceps.csv";
    }
}
