package lab.vthreads.lab.stack;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.infra.cep.CepMockMain;
import lab.vthreads.infra.postgres.EmbeddedPostgresMain;
import lab.vthreads.infra.postgres.EmbeddedPostgresServer;
import lab.vthreads.lab.process.HealthCheck;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.Ports;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * What the services under test are handed: the lab's embedded PostgreSQL and its WireMock (the CEP API, or a user's
 * stubs), each a process of its own from the lab's classpath, ready when its main says so. Each process is handed to
 * the stack ({@code register}) before it is awaited, so that one that fails to start is stopped with the rest.
 */
final class Infrastructure {

    private static final Duration START = Duration.ofSeconds(90);

    /** A started component and its line in the stack's table; no process for a database the lab does not run. */
    record Started(ManagedProcess process, RunningStack.Row row) {
    }

    private final StackSettings settings;
    private final Launcher launcher;
    private final BiFunction<Component, ManagedProcess, ManagedProcess> register;

    Infrastructure(StackSettings settings, Launcher launcher, BiFunction<Component, ManagedProcess, ManagedProcess> register) {
        this.settings = settings;
        this.launcher = launcher;
        this.register = register;
    }

    /** The lab's own services need both; a user's application only what it is handed. */
    boolean needsPostgres() {
        return settings.labHandsDatabase();
    }

    boolean needsWireMock() {
        return settings.system().downstream().wiremock();
    }

    /** Every port the stack will listen on, free before anything starts: a clear error naming the option to change. */
    void checkPorts() {
        StackSettings.StackPorts p = settings.ports();
        String bind = settings.bindAddress();
        if (settings.externalDatabase() == null && needsPostgres()) {
            Ports.requireFree(bind, p.postgres(), "embedded PostgreSQL", "--postgres-port");
        }
        SystemUnderTest.Downstream downstream = settings.system().downstream();
        if (downstream.wiremock()) Ports.requireFree(bind, p.wiremock(), "the WireMock " + downstream.what(), "--wiremock-port");
        for (SystemUnderTest.Port port : settings.system().ports(p)) Ports.requireFree(bind, port.port(), port.what(), port.option());
    }

    /** @param keepData a restart (a fault experiment, a supervisor) must find every row it had; the first start begins empty */
    Started postgres(boolean keepData) {
        if (settings.externalDatabase() != null) {
            return new Started(null, new RunningStack.Row(Component.POSTGRES, settings.jdbcUrl(), -1, "external, user " + settings.externalDatabase().user()));
        }
        Path dataDirectory = settings.runDirectory().resolve("postgres-data");
        List<String> args = new ArrayList<>(List.of(
                "--port", Integer.toString(settings.ports().postgres()),
                "--listen", settings.bindAddress(),
                "--data-dir", dataDirectory.toString(),
                "--max-connections", "300"));
        if (keepData) args.add("--keep-data");
        ManagedProcess postgres = register.apply(Component.POSTGRES,
                launcher.main(settings, Component.POSTGRES, List.of("-Xmx256m"), null, EmbeddedPostgresMain.class.getName(), args));
        HealthCheck.awaitLogLine(postgres, "PostgreSQL ready", START);
        adoptPostmaster(postgres, dataDirectory);
        return new Started(postgres, new RunningStack.Row(Component.POSTGRES, settings.jdbcUrl(), postgres.pid(),
                "embedded PostgreSQL 18, user " + EmbeddedPostgresServer.USER + ", data in " + settings.home().relativize(dataDirectory)));
    }

    /** pg_ctl detaches the postmaster from the JVM that started it; its PID is the first line of postmaster.pid. */
    private static void adoptPostmaster(ManagedProcess postgres, Path dataDirectory) {
        try {
            long pid = Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).getFirst().trim());
            ProcessHandle.of(pid).ifPresent(postgres::adopt);
        } catch (IOException | RuntimeException e) {
            throw new StartFailure("PostgreSQL started but its postmaster.pid is unreadable (" + e.getMessage() + "); stopping");
        }
    }

    Started wiremock() {
        ResourceLimit limit = settings.limit(Component.WIREMOCK);
        boolean userStubs = settings.system().downstream() == SystemUnderTest.Downstream.STUBS;
        Path stubs = settings.system().stubs(settings.home());
        List<String> arguments = new ArrayList<>(List.of(
                "--port", Integer.toString(settings.ports().wiremock()),
                "--bind", settings.bindAddress(),
                "--root", stubs.toString(),
                "--latency", settings.cepLatency().text()));
        if (userStubs) arguments.add("--user-stubs");
        if (settings.cepRefusable()) arguments.add("--refusable");
        ManagedProcess wiremock = register.apply(Component.WIREMOCK, launcher.main(settings, Component.WIREMOCK, limit.jvmFlags(), limit,
                CepMockMain.class.getName(), arguments));
        HealthCheck.awaitLogLine(wiremock, "CEP mock ready", START);
        return new Started(wiremock, new RunningStack.Row(Component.WIREMOCK, settings.url(settings.ports().wiremock()), wiremock.pid(),
                (userStubs ? "stubs from " + stubs + ", latency " + (settings.cepLatency() instanceof CepLatency.None
                        ? "the stubs' own" : settings.cepLatency().text() + " on every stub") : "latency " + settings.cepLatency().text())
                        + ", async responses, no journal"
                        + (settings.cepRefusable() ? ", behind a front that can refuse connections" : "") + "; " + limit.describe()));
    }
}
