package lab.vthreads.lab.aot;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The gatling module's compiled simulations as a jar, for a JVM that starts from an AOT cache: the JDK takes only jars
 * on such a JVM's classpath. Made by the lab from the classes the build left, so the build itself is as it was.
 */
final class SimulationsJar {

    private SimulationsJar() {
    }

    /** Writes every file under {@code classes} into {@code jar}, whole or not at all. */
    static void write(Path classes, Path jar) throws IOException {
        Path partial = Files.createTempFile(jar.getParent(), "simulations-", ".jar.partial");
        try {
            List<Path> files;
            try (Stream<Path> tree = Files.walk(classes)) {
                files = tree.filter(Files::isRegularFile).sorted().toList();
            }
            try (OutputStream out = Files.newOutputStream(partial); JarOutputStream entries = new JarOutputStream(out)) {
                for (Path file : files) {
                    // Jar entries name their folders with '/', whatever the platform's separator.
                    entries.putNextEntry(new JarEntry(classes.relativize(file).toString().replace(java.io.File.separatorChar, '/')));
                    Files.copy(file, entries);
                    entries.closeEntry();
                }
            }
            Files.move(partial, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}
