package lab.vthreads.lab.aot;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the load generator starts from an AOT cache, makes one, or starts as before: on a gatling module's target folder
 * laid out as the build leaves it. That a real Gatling JVM takes the cache it made is ExperimentRunIT's.
 */
class LoadGeneratorAotTest {

    private static final List<String> FLAGS = List.of("-Xmx1g");

    @TempDir
    Path target;
    private String classpath;

    @BeforeEach
    void build() throws IOException {
        Path classes = Files.createDirectories(target.resolve("test-classes/lab"));
        Files.writeString(classes.resolve("Simulation.class"), "classes");
        Path dependency = Files.writeString(target.resolve("gatling-core.jar"), "dependency");
        classpath = dependency.toString();
    }

    @Test
    void anUnmeasuredRunMakesTheCacheAndTheNextRunsStartFromIt() throws IOException {
        LoadGeneratorAot.Launch training = plan(true);
        assertThat(training.flags()).singleElement().asString().startsWith("-XX:AOTCacheOutput=" + target.resolve("aot"));
        assertThat(training.training()).doesNotExist();
        // The classes as a jar beside the cache: the JDK takes no folder on the classpath of a JVM with one.
        assertThat(training.simulations()).isEqualTo(training.cache().resolveSibling("simulations.jar"));
        try (var jar = new java.util.jar.JarFile(training.simulations().toFile())) {
            assertThat(jar.stream().map(java.util.jar.JarEntry::getName)).containsExactly("lab/Simulation.class");
            assertThat(jar.getInputStream(jar.getEntry("lab/Simulation.class")).readAllBytes()).asString().isEqualTo("classes");
        }

        // What the JVM writes as it exits, then settled once it has.
        Files.writeString(training.training(), "cache");
        LoadGeneratorAot.settle(training, null);

        assertThat(training.cache()).hasContent("cache");
        assertThat(training.training()).doesNotExist();
        LoadGeneratorAot.Launch measured = plan(false);
        assertThat(measured.flags()).containsExactly("-XX:AOTCache=" + training.cache());
        assertThat(measured.simulations()).isEqualTo(training.simulations());
        assertThat(measured.why()).isNull();
        assertThat(measured.describe()).isEqualTo("lab: the load generator starts from the AOT cache " + training.cache());
        assertThat(training.describe()).isEqualTo("lab: the load generator makes the AOT cache " + training.cache() + " as it exits");
        assertThat(plan(true).flags()).as("an unmeasured run once the cache is there uses it").containsExactly("-XX:AOTCache=" + training.cache());
    }

    @Test
    void aMeasuredRunNeverMakesOne() {
        LoadGeneratorAot.Launch measured = plan(false);
        assertThat(measured.flags()).isEmpty();
        assertThat(measured.simulations()).isEqualTo(target.resolve("test-classes"));
        assertThat(measured.training()).isNull();
        assertThat(measured.why()).contains("no cache yet");
        assertThat(measured.describe()).isEqualTo("lab: the load generator starts without an AOT cache: " + measured.why());
        assertThat(target.resolve("aot")).doesNotExist();
    }

    @Test
    void aTrainingStoppedBeforeItWroteLeavesNoCache() throws IOException {
        LoadGeneratorAot.Launch training = plan(true);
        LoadGeneratorAot.settle(training, null);
        assertThat(training.cache()).doesNotExist();
        assertThat(plan(true).flags()).singleElement().asString().startsWith("-XX:AOTCacheOutput=");
    }

    @Test
    void aCacheTheJvmRefusedIsSetAsideWithItsReason() throws IOException {
        LoadGeneratorAot.Launch training = plan(true);
        Files.writeString(training.training(), "cache");
        LoadGeneratorAot.settle(training, null);

        LoadGeneratorAot.settle(plan(false), "Mismatched values for property jdk.module.addmods");

        assertThat(training.cache()).doesNotExist();
        LoadGeneratorAot.Launch after = plan(true);
        assertThat(after.flags()).as("refused once: not made again for the same build").isEmpty();
        assertThat(after.simulations()).isEqualTo(target.resolve("test-classes"));
        assertThat(after.why()).contains("refused", "Mismatched values for property jdk.module.addmods");
    }

    @Test
    void recompiledSimulationsMakeANewCacheAndRemoveTheOld() throws IOException {
        LoadGeneratorAot.Launch first = plan(true);
        Files.writeString(first.training(), "cache");
        LoadGeneratorAot.settle(first, null);

        Files.writeString(target.resolve("test-classes/lab/Simulation.class"), "recompiled, another size");
        assertThat(plan(false).flags()).as("a measured run on the new classes: no cache of them yet").isEmpty();
        LoadGeneratorAot.Launch rebuilt = plan(true);

        assertThat(rebuilt.cache()).isNotEqualTo(first.cache());
        assertThat(rebuilt.flags()).singleElement().asString().startsWith("-XX:AOTCacheOutput=");
        try (var jar = new java.util.jar.JarFile(rebuilt.simulations().toFile())) {
            assertThat(jar.getInputStream(jar.getEntry("lab/Simulation.class")).readAllBytes()).asString().isEqualTo("recompiled, another size");
        }
        assertThat(first.cache().getParent()).doesNotExist();
    }

    @Test
    void onAnOlderJdkOrWithAFolderOnTheClasspathTheJvmStartsAsBefore() {
        LoadGeneratorAot.Launch oldJdk = LoadGeneratorAot.plan(target, classpath, FLAGS, true, 21);
        assertThat(oldJdk.flags()).isEmpty();
        assertThat(oldJdk.simulations()).isEqualTo(target.resolve("test-classes"));
        assertThat(oldJdk.why()).contains("JDK 21");

        LoadGeneratorAot.Launch folderOnClasspath = LoadGeneratorAot.plan(target, classpath + java.io.File.pathSeparator + target.resolve("classes"),
                FLAGS, true, 25);
        assertThat(folderOnClasspath.flags()).isEmpty();
        assertThat(folderOnClasspath.simulations()).isEqualTo(target.resolve("test-classes"));
        assertThat(folderOnClasspath.why()).contains("not a jar");
        assertThat(target.resolve("aot")).doesNotExist();
    }

    private LoadGeneratorAot.Launch plan(boolean unmeasured) {
        return LoadGeneratorAot.plan(target, classpath, FLAGS, unmeasured, 25);
    }
}
