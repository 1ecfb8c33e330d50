package lab.vthreads.lab.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** The repository the lab works in ({@code --home}), and the timestamped folders its commands write under it. */
public class LabHome {

    @Option(names = "--home", defaultValue = "${sys:lab.home:-.}", description = "the repository root (default: ${DEFAULT-VALUE})")
    Path home;

    public Path root() {
        return home.toAbsolutePath().normalize();
    }

    /** {@code <root>/<parent>/<yyyyMMdd-HHmmss>-<name>}, e.g. results/20261121-101500-default. */
    public Path newFolder(String parent, String name) {
        return root().resolve(parent).resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + name);
    }
}
