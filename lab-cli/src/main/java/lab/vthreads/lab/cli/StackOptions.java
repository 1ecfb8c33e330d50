package lab.vthreads.lab.cli;

import lab.vthreads.infra.cep.CepLatency;
import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.stack.ApplicationArguments;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ResourceLimit;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.ThreadMode;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The options that describe one start of the whole stack ({@code ./lab up}): mode, factors, ports, limits, database. */
public class StackOptions {

    /** What {@code ./lab up} runs with when a factor is not given: the CEP API's realistic latency. */
    static final Factors UP_DEFAULTS = Factors.cepLatency(CepLatency.DEFAULT);

    @Option(names = "--mode", defaultValue = "virtual", completionCandidates = ModeLabels.class,
            description = "one of ${COMPLETION-CANDIDATES}: how pessoa-service serves, or which implementation takes its place (default: ${DEFAULT-VALUE})")
    ThreadMode mode;

    @Mixin
    FactorOptions factors;

    @Option(names = "--limit", mapFallbackValue = "", paramLabel = "COMPONENT=CPUS[:MEMORY[:CPU_LIST]]",
            description = {"resource limits mirroring compose's deploy.resources.limits, e.g. --limit pessoa-service=2:2g "
                    + "--limit wiremock=0.5:512m:1 (components: wiremock, pessoa-service, gateway-service, app).",
                    "Default for each: 2 CPUs and 2 GB, as compose. CPU_LIST pins with taskset."})
    Map<String, String> limits = new LinkedHashMap<>();

    @Mixin
    PortOptions ports;

    @Option(names = "--bind", defaultValue = StackSettings.LOOPBACK, paramLabel = "ADDRESS",
            description = "the address every component listens on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 for every interface)")
    String bind;

    @Option(names = "--db-url", description = "use this PostgreSQL (jdbc:postgresql://...) instead of the embedded one")
    String dbUrl;
    @Option(names = "--db-user", defaultValue = "postgres") String dbUser;
    @Option(names = "--db-password", defaultValue = "postgres") String dbPassword;

    @Mixin
    ApplicationOptions application;

    /** @throws IllegalArgumentException for an application the lab cannot run as given, before anything starts */
    public StackSettings toSettings(Path home, Path runDirectory) {
        Map<StackSettings.Component, ResourceLimit> parsed;
        try {
            parsed = ResourceLimit.parseAll(limits);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage() + " in --limit");
        }
        Application app = application.application();
        // A user's stubs keep their own delays unless --cep-latency is given: the lab's CEP latency is not theirs.
        StackSettings settings = new StackSettings(mode, (app == null ? UP_DEFAULTS : Factors.NONE).overriddenBy(factors.factors()),
                ports.ports(),
                parsed, dbUrl != null ? new StackSettings.ExternalDatabase(dbUrl, dbUser, dbPassword) : null, home, runDirectory, bind);
        if (app == null) return settings;
        settings = settings.withApplication(app);
        ApplicationArguments.check(settings);
        return settings;
    }
}
