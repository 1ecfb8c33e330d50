package lab.vthreads.lab.stack;

import lab.vthreads.lab.app.Application;
import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.StackSettings.StackPorts;

import java.util.List;
import java.util.Map;

/**
 * What the lab starts and measures for one pair of JVMs, one case per kind of system: the lab's services in a thread
 * mode ({@link LabServices}), the reactive service ({@link ReactiveService}), a user's application
 * ({@link UsersApplication}), or a stack the lab does not start ({@link StartedElsewhere}), which answers that it has
 * nothing to launch. Whatever differs between them is answered here, by the case, so that the stack, the calibration,
 * the runners and the results take one path for all of them.
 */
public sealed interface SystemUnderTest permits LabsOwnServices, UsersApplication, StartedElsewhere {

    /**
     * The system a stack runs in {@code mode}, with {@code application} in the lab's services' place where there is one.
     * The reactive mode is the lab's own reactive service: a user's jar has one implementation, run in both thread modes.
     */
    static SystemUnderTest of(ThreadMode mode, Application application) {
        if (application == null) return mode.reactive() ? new ReactiveService() : new LabServices();
        if (mode.reactive()) {
            throw new IllegalArgumentException("the reactive mode runs the lab's own pessoa-service-reactive; your application runs in "
                    + "the platform and virtual modes (--modes platform,virtual)");
        }
        return new UsersApplication(application);
    }

    /**
     * The lab's own implementations of the contract, each by {@link #implementation}: the name of the module that
     * builds it, as the stack finds its jar ({@code pessoa-service}, and each implementation that takes its place).
     */
    static List<String> labsOwnImplementations() {
        return java.util.Arrays.stream(ThreadMode.values()).map(mode -> of(mode, null).implementation()).distinct().toList();
    }

    /** Whether it has the switch a factor sets: a factor it lacks is refused, never quietly ignored. */
    boolean has(Factor factor);

    /** The factors {@code factors} sets that it has no switch for, in the factor table's order. */
    default List<Factor> lacking(Factors factors) {
        return java.util.Arrays.stream(Factor.values()).filter(factor -> !has(factor) && factor.asked(factors) != null).toList();
    }

    /** The Spring Boot JVMs it runs, in the order they start. */
    List<Component> services();

    /** How one of them launches under these settings. */
    SpringService service(StackSettings settings, Component component);

    /** Its main service as progress lines and reports name it. */
    String name();

    /**
     * The name its cells and its calibration are kept under in the results: one per implementation of what serves the
     * requests, whatever thread mode a cell runs it in. A cell is predicted from its own implementation's calibration only.
     */
    String implementation();

    /**
     * The thread mode its calibration is measured in: the one whose CPU bound holds its cells once their threads no
     * longer do (virtual threads, for a service served by threads).
     */
    default ThreadMode calibratedIn() {
        return ThreadMode.VIRTUAL;
    }

    /**
     * What tells its build and set-up from another's beyond the lab's own code, the same on any machine, for the
     * fingerprints of what a run keeps (a calibration, a start-up check's starts) and for a run's identity: a user's
     * jar and what the lab hands it; nothing for the lab's own services, whose build is the lab's; null where the lab
     * cannot tell (a stack it did not start).
     */
    String identity();

    /** The jar whose Spring Boot, HikariCP and driver versions the run records as what ran; null where the lab did not start it. */
    java.nio.file.Path versionsJar(java.nio.file.Path home);

    /** The web server a user's jar runs on, as read from it; null for the lab's own services, which the lab knows run on theirs. */
    default String applicationServer() {
        return null;
    }

    /** What threads its servers run in this mode, in words, for the stack's description. */
    default String threads(ThreadMode mode) {
        return mode.label() + " threads";
    }

    /** The stack as {@code ./lab up} announces it starting. */
    default String announced(ThreadMode mode) {
        return threads(mode);
    }

    /** How to load it by hand once {@code ./lab up} has started it behind {@code gateway}: a line each. */
    default List<String> byHand(String gateway) {
        return List.of("Load it:  ./mvnw gatling:test -Dgatling.simulationClass=lab.vthreads.gatling.CreatePessoaSimulation -DbaseUrl=" + gateway,
                "Try it:   curl -i -H 'Content-Type: application/json' -d '{\"cpf\":\"89084980875\",\"nome\":\"FULANO\",\"enderecos\":[{\"cep\":\"22041012\"}]}' "
                        + gateway + "/v1/pessoas");
    }

    /** What {@code ./lab stop}, {@code start} and the like name to act on one of its components. */
    default String controlled() {
        return "COMPONENT";
    }

    /** What serves its requests, in words, for a calibration's progress line ("virtual threads", "the reactive service"). */
    default String servedBy(ThreadMode mode) {
        return mode.label() + " threads";
    }

    /** What the services it calls downstream are, if any: the lab's CEP API, a user's own stubs, or nothing. */
    Downstream downstream();

    /** The folder WireMock serves its downstream from: the lab's CEP API, or the user's stubs (null: none). */
    default java.nio.file.Path stubs(java.nio.file.Path home) {
        return home.resolve("wiremock");
    }

    /** Whether it is handed the lab's PostgreSQL: the lab's own services always, an application when asked to. */
    boolean labHandsDatabase();

    /** The name of its database in the lab's PostgreSQL, where the lab hands it one. */
    String database();

    /** How its data gets back to where the runs start from, between one run and the next. */
    DataBetweenRuns dataBetweenRuns();

    /**
     * What each fresh pair of its JVMs is sent before its prewarm where the {@code firstPass} factor does not say: for a
     * user's application each of the scenario's flows once ({@link FirstPass#AT_ONCE}), which checks the scenario
     * against the application it was written for before anything is measured.
     */
    FirstPass firstPass();

    /** Every port it listens on, each with what listens there and the option that moves it. */
    List<Port> ports(StackPorts ports);

    /**
     * Where its management endpoints and its database are reached. The names its services' figures are read under (a
     * sample's prefix, {@code pessoa.jitMs}) are the Endpoints' too: a user's application stands in both services' places.
     */
    Endpoints endpoints(StackSettings settings);

    /** The names its services' figures carry in the samples, and in results.json with each of its cells. */
    SampleNames sampleNames();

    /** Each service's label with the name its figures carry in the samples ({@code pessoa-service → pessoa}, {@code app → app}). */
    default Map<String, String> samplePrefixes() {
        Map<String, String> prefixes = new java.util.LinkedHashMap<>();
        services().forEach(service -> prefixes.put(service.label(), service.samplePrefix(sampleNames())));
        return prefixes;
    }

    /**
     * The calibration's factors: the cell's, with every limit but the CPU lifted; {@code lifted} already raises the
     * Tomcat threads, which every Spring MVC service has. What else there is to lift depends on the system's switches.
     */
    default Factors.Builder liftedForCalibration(Factors.Builder lifted) {
        return lifted;
    }

    /**
     * The thread mode its AOT caches are trained on traffic in ({@link Launch#AOT_TRAFFIC}): one cache for both thread
     * modes, trained the same way whichever pair starts first, on platform threads, which a cold start cannot deadlock
     * in class loading as it can virtual ones.
     */
    default ThreadMode trainedIn() {
        return ThreadMode.PLATFORM;
    }

    /** Where a calibration of this system writes its runs' files, inside a run's results. */
    default String calibrationFolder() {
        return "calibration";
    }

    /** One port of the stack's, for the check that every port is free before anything starts. */
    record Port(int port, String what, String option) {
    }

    enum Downstream {
        /** The lab's WireMock CEP API, whose latency the lab switches per run. */
        CEP_API,
        /** The user's WireMock stubs, whose latency the lab sets on every stub or leaves as the stubs have it. */
        STUBS,
        /** Nothing the lab runs: the application calls no one, or whoever it calls is not the lab's business. */
        NONE;

        public boolean wiremock() {
            return this != NONE;
        }

        /** What WireMock serves it, in words. */
        public String what() {
            return this == CEP_API ? "CEP API" : "stubs";
        }
    }

    enum DataBetweenRuns {
        /** The lab's own tables, which it knows, emptied before each run. */
        EMPTIED,
        /** A user's application's data as its own migrations left it, copied once and put back before each run. */
        RESTORED,
        /** Left alone: an application's own database, which the lab neither knows nor may touch. */
        KEPT
    }
}
