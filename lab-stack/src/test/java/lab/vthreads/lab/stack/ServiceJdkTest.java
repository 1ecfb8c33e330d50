package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.StartFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ServiceJdkTest {

    @Test
    void noneSaidIsTheLabsOwnAsIsItsFeatureRelease() {
        ServiceJdk own = ServiceJdk.resolve(null, List.of());
        assertThat(own.labsOwn()).isTrue();
        assertThat(own.feature()).isEqualTo(Runtime.version().feature());
        assertThat(ServiceJdk.resolve(Integer.toString(Runtime.version().feature()), List.of())).isEqualTo(own);
    }

    @Test
    void aFeatureReleaseIsTheNewestInstalledJdkOfIt(@TempDir Path dir) throws Exception {
        Path older = fakeJdk(dir.resolve("a"), "17.0.2"), newer = fakeJdk(dir.resolve("b"), "17.0.12"), other = fakeJdk(dir.resolve("c"), "11.0.1");

        ServiceJdk found = ServiceJdk.resolve("17", List.of(dir.resolve("nothing-here"), older, other, newer));

        assertThat(found.home()).isEqualTo(newer);
        assertThat(found.version()).isEqualTo("17.0.12");
        assertThat(found.labsOwn()).isFalse();
        assertThat(found.describe()).isEqualTo("JDK 17.0.12 (" + newer + ")");
    }

    @Test
    void aDirectoryIsThatJdkAndAnythingElseSaysWhatToDo(@TempDir Path dir) throws Exception {
        Path jdk = fakeJdk(dir.resolve("jdk"), "21.0.8");
        assertThat(ServiceJdk.resolve(jdk.toString(), List.of()).version()).isEqualTo("21.0.8");

        assertThatThrownBy(() -> ServiceJdk.resolve("9", List.of(jdk))).isInstanceOf(StartFailure.class).hasMessageContaining("No JDK 9 found");
        assertThatThrownBy(() -> ServiceJdk.resolve("21", List.of())).isInstanceOf(StartFailure.class).hasMessageContaining("scripts/install-jdk21");
        assertThatThrownBy(() -> ServiceJdk.resolve(dir.resolve("nope").toString(), List.of())).isInstanceOf(StartFailure.class)
                .hasMessageContaining("not a JDK's directory");
    }

    private static Path fakeJdk(Path home, String version) throws Exception {
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }
}
