package lab.vthreads.lab.stack;

import lab.vthreads.lab.aot.AotCache;
import lab.vthreads.lab.isolation.Isolation;
import lab.vthreads.lab.isolation.Isolations;
import lab.vthreads.lab.metrics.SpeedProbe;
import lab.vthreads.lab.process.HealthCheck;
import lab.vthreads.lab.process.ListeningSockets;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The whole lab as separate processes, started in dependency order: PostgreSQL, the WireMock CEP API, each healthy
 * before the next starts, then pessoa-service and gateway-service together. This mirrors compose.yaml service for service.
 * One component can be stopped and started again while the others run (PostgreSQL keeps its data); closing the stack
 * stops them all in reverse order, as does a failure to start any one of them. Every process is stopped by its PID.
 */
public final class RunningStack implements AutoCloseable {

    private static final Duration SERVICE_START = Duration.ofSeconds(180);

    private final StackSettings settings;
    private final Launcher launcher;
    private final Infrastructure infrastructure;
    private final Isolation isolation;
    // Read by other threads (the sampler, a shutdown hook) without waiting for a start in progress.
    private final Map<Component, ManagedProcess> processes = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<Component, Row> rows = Collections.synchronizedMap(new LinkedHashMap<>());
    // How each service started this time: its JDK, and which AOT cache (or why none); for the results.
    private final Map<Component, String> launches = Collections.synchronizedMap(new LinkedHashMap<>());
    // Where a service listens beyond the loopback though asked not to, from its latest start.
    private final Map<Component, String> exposures = Collections.synchronizedMap(new LinkedHashMap<>());
    // What the services run with now: a cell of an experiment may change the factors; a restart keeps them.
    private StackSettings services;
    private boolean postgresInitialised;
    // The traffic the services' aot-traffic caches are trained on; null where there is none to send (./lab up).
    private volatile TrafficTraining training;
    // Why the training on that traffic left no cache, once: it is not tried again for every pair of the run.
    private final Map<String, String> untrained = new java.util.concurrent.ConcurrentHashMap<>();
    // The probe of the services' CPUs' speed, and the file of its totals: an experiment's; ./lab up runs none.
    private volatile ManagedProcess speedProbe;
    private volatile long speedProbeStarted;
    private static final long PROBE_START_NANOS = Duration.ofSeconds(2).toNanos();
    private volatile Path speedTotals;

    private RunningStack(StackSettings settings, Isolation isolation) {
        this.settings = settings;
        this.services = settings;
        this.launcher = new Launcher(isolation);
        this.isolation = isolation;
        this.infrastructure = new Infrastructure(settings, launcher, this::register);
    }

    /**
     * The traffic to train {@link Launch#AOT_TRAFFIC} caches on, where they are missing, before the services start from
     * them: an experiment's flows, from its load generator.
     */
    public void trainOn(TrafficTraining training) {
        this.training = training;
    }

    /** A component's CPU seconds as its cgroup counts them, where it has one (see {@link Isolation#cpuSeconds}). */
    public java.util.OptionalDouble countedCpuSeconds(String component) {
        return isolation.cpuSeconds(component);
    }

    /**
     * Starts the probe that times a fixed pass of work on the services' CPUs ({@link SpeedProbe}) for as long as the
     * stack is up: every measured window then carries the speed its costs were measured at.
     */
    public void startSpeedProbe() {
        Path totals = settings.runDirectory().resolve(SpeedProbe.COMPONENT + ".totals");
        speedProbeStarted = System.nanoTime();
        speedProbe = launcher.speedProbe(settings, totals);
        speedTotals = totals;
    }

    /**
     * Why no window will carry the machine's speed, once the probe's process has ended (its place in the partition
     * refused, its JVM unable to start): its exit code and the first line it wrote. Empty while it runs, or where none was
     * started.
     */
    public Optional<String> speedProbeStopped() {
        ManagedProcess probe = speedProbe;
        return probe == null ? Optional.empty() : stopped(probe, speedProbeStarted);
    }

    static Optional<String> stopped(ManagedProcess probe, long startedNanos) {
        // A refused start ends within a second or two of it: until then the probe is given that long to show it.
        try {
            long left = PROBE_START_NANOS - (System.nanoTime() - startedNanos);
            if (!probe.process().waitFor(Math.max(0, left), java.util.concurrent.TimeUnit.NANOSECONDS)) return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        // Its first line says why (an exception's message, a refused cgroup), where the last would be a stack frame.
        String said;
        try {
            said = probe.logSinceStart().lines().filter(line -> !line.isBlank()).findFirst().map(line -> " (" + line.strip() + ")").orElse("");
        } catch (java.io.IOException e) {
            said = "";
        }
        return Optional.of(probe.name() + " exited with code " + probe.process().exitValue() + said + "; its log: " + probe.log());
    }

    /** The speed probe's totals now; empty where none runs, or before its first measured pass. */
    public Optional<SpeedProbe.Totals> speed() {
        Path totals = speedTotals;
        return totals == null ? Optional.empty() : SpeedProbe.Totals.read(totals);
    }

    /** Every component on every CPU, as {@code ./lab up} runs them. */
    public static RunningStack start(StackSettings settings) {
        RunningStack stack = startInfrastructure(settings, Isolations.none());
        try {
            stack.startServices(settings);
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    /**
     * PostgreSQL and the CEP API only: an experiment keeps them and restarts the services for every cell. Each
     * component starts in its place in the {@code isolation}'s partition.
     */
    public static RunningStack startInfrastructure(StackSettings settings, Isolation isolation) {
        RunningStack stack = new RunningStack(settings, isolation);
        try {
            stack.infrastructure.checkPorts();
            if (stack.infrastructure.needsPostgres()) stack.startPostgres();
            if (stack.infrastructure.needsWireMock()) stack.startWireMock();
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    /**
     * The services under test ({@link SystemUnderTest}: the lab's two, or a user's application) all at once, then waits
     * until each is healthy: the gateway resolves pessoa-service per request, not at start-up, so neither waits for the
     * other, and a cell starts in the slower one's time, not in the sum of both. While they start they may use every
     * CPU ({@link Isolation#widenForStart}); they are back on their side's before this returns.
     * {@code cell} may change the factors.
     */
    public synchronized void startServices(StackSettings cell) {
        services = cell;
        trainWhereMissing(cell);
        // A system whose data is put back as its own migrations left it (a user's application) starts each pair from an
        // empty database of its own, as a fresh deployment does.
        if (cell.freshDatabaseEachStart()) ApplicationDatabase.fresh(cell);
        List<SpringService> specs = SpringServices.of(cell);
        List<String> labels = labels(cell);
        isolation.widenForStart(labels);
        try {
            prepareAotCaches(specs);
            List<Launcher.Started> started = specs.stream().map(this::launch).toList();
            for (int i = 0; i < specs.size(); i++) await(specs.get(i), started.get(i));
            isolation.narrowAfterStart(labels);
        } catch (RuntimeException e) {
            try {
                isolation.narrowAfterStart(labels);
            } catch (RuntimeException n) {
                e.addSuppressed(n);
            }
            stopServices();
            throw e;
        }
    }

    private static List<String> labels(StackSettings settings) {
        return settings.system().services().stream().map(Component::label).toList();
    }

    /**
     * Runs {@code work} with the services (or a user's application) allowed on every CPU and their JIT compilers favoured, then puts them back
     * on their side's, at equal weights: for a prewarm, which measures nothing, so that the services' JIT compiles on
     * two CPUs, ahead of the request threads, instead of sharing one with them, PostgreSQL and the other service.
     */
    public <T> T onEveryCpu(java.util.function.Supplier<T> work) {
        List<String> both = labels(services);
        isolation.widenForStart(both);
        try {
            isolation.favourCompilers(true);
            return work.get();
        } finally {
            try {
                isolation.favourCompilers(false);
            } finally {
                isolation.narrowAfterStart(both);
            }
        }
    }

    /** Stops the services (gateway first, or the user's application), leaving PostgreSQL and the CEP API up. */
    public synchronized void stopServices() {
        SERVICES.forEach(this::stop);
    }

    /** The services, in the order they stop: the application or the gateway before what it calls. */
    private static final List<Component> SERVICES = List.of(Component.APP, Component.GATEWAY, Component.PESSOA);

    /**
     * Services that hung, their threads already dumped: stopped at once, not asked to. A hung JVM's graceful shutdown
     * waits for the requests it holds, which never end (Spring Boot's shutdown phase waits 30 s by default), and a
     * deadlocked one may never get that far; the dump has kept what there was to see.
     */
    public synchronized void killServices() {
        SERVICES.forEach(component -> stop(component, 0));
    }

    /** Starts one component again, as it was configured: for fault experiments and for a supervisor's restarts. */
    public synchronized void start(Component component) {
        ManagedProcess running = processes.get(component);
        if (running != null && running.isAlive()) {
            throw new StartFailure(component.label() + " is already running (PID " + running.pid() + ")");
        }
        stop(component);
        switch (component) {
            case POSTGRES -> startPostgres();
            case WIREMOCK -> startWireMock();
            case PESSOA, GATEWAY, APP -> widenedForStart(component, () -> {
                SpringService service = SpringServices.of(services, component);
                await(service, launch(service));
            });
        }
    }

    /**
     * A service starts on every CPU, as {@link #startServices} starts them: on its side's CPU alone, beside a gateway
     * answering a load's requests with errors, it took about twice as long to start.
     */
    private void widenedForStart(Component service, Runnable start) {
        List<String> one = List.of(service.label());
        isolation.widenForStart(one);
        try {
            start.run();
        } finally {
            isolation.narrowAfterStart(one);
        }
    }

    /** Stops one component by its PID (SIGTERM, then SIGKILL after a grace period); the others keep running. */
    public synchronized void stop(Component component) {
        stop(component, ManagedProcess.GRACE_SECONDS);
    }

    private void stop(Component component, long graceSeconds) {
        ManagedProcess process = processes.remove(component);
        if (process != null) {
            process.stop(graceSeconds);
        }
        rows.remove(component);
    }

    private void startPostgres() {
        Infrastructure.Started postgres = infrastructure.postgres(postgresInitialised);
        if (postgres.process() != null) postgresInitialised = true;
        rows.put(Component.POSTGRES, postgres.row());
    }

    private void startWireMock() {
        rows.put(Component.WIREMOCK, infrastructure.wiremock().row());
    }

    /**
     * The services' AOT caches, trained at once where missing (the first start after a build): each training is a JVM
     * start, single-threaded for much of it, so two of them on every CPU take about the longer one's time. Only for
     * the services that start from one ({@link Launch#AOT}), on the lab's own JDK.
     */
    private void prepareAotCaches(List<SpringService> specs) {
        if (!services.jdk().labsOwn()) return;
        List<java.util.concurrent.CompletableFuture<Void>> trainings = specs.stream().filter(s -> s.launch() == Launch.AOT)
                .filter(s -> s.classpathAhead() == null)
                .map(s -> java.util.concurrent.CompletableFuture.runAsync(() -> launcher.prepareAot(services, s))).toList();
        try {
            trainings.forEach(java.util.concurrent.CompletableFuture::join);
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) throw cause;
            throw e;
        }
    }

    /**
     * The services that start from a cache trained on traffic, where theirs is missing (the first start after a build
     * or a change of the traffic): all of the system's services started as they will run, each that needs a cache
     * recording one, the training's traffic sent through them, then each stopped, which writes its cache. What they
     * stored goes with the database's reset, as the prewarm's does. A training that fails leaves no cache: the services
     * then start from the start-up's, the stack's table says why, and the run does not try again.
     */
    private void trainWhereMissing(StackSettings pair) {
        TrafficTraining traffic = training;
        if (traffic == null || !pair.jdk().labsOwn()) return;
        StackSettings cell = pair.with(pair.system().trainedIn(), pair.factors(), pair.runDirectory());
        List<SpringService> specs = SpringServices.of(cell);
        String key = traffic.key();
        if (specs.stream().noneMatch(s -> needsTraining(cell, s, key))) return;
        if (cell.freshDatabaseEachStart()) ApplicationDatabase.fresh(cell);
        List<String> labels = labels(cell);
        List<ManagedProcess> started = new ArrayList<>();
        isolation.widenForStart(labels);
        try {
            for (SpringService spec : specs) {
                ManagedProcess process = needsTraining(cell, spec, key) ? launcher.startTraining(cell, spec, key) : launcher.start(cell, spec, key).process();
                register(spec.component(), process);
                started.add(process);
            }
            for (int i = 0; i < specs.size(); i++) HealthCheck.await(started.get(i), specs.get(i).readiness(), SERVICE_START);
            traffic.drive(Endpoints.of(cell), cell.runDirectory().resolve("aot-traffic"));
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            untrained.put(key, "its training failed: " + e.getMessage());
        } finally {
            // Each stopped with time to write its cache: the JVM assembles it in a child JVM before it exits.
            for (SpringService spec : specs) {
                ManagedProcess process = processes.remove(spec.component());
                if (process != null) process.stop(TRAINING_EXIT_SECONDS);
            }
            isolation.narrowAfterStart(labels);
        }
        for (SpringService spec : specs) {
            if (needsTraining(cell, spec, key)) untrained.putIfAbsent(key, "the training wrote no cache; see " + spec.component().label() + "-aot-traffic.log");
        }
    }

    private static final long TRAINING_EXIT_SECONDS = 180;

    private boolean needsTraining(StackSettings cell, SpringService spec, String key) {
        return spec.launch() == Launch.AOT_TRAFFIC && spec.classpathAhead() == null && !untrained.containsKey(key) && !launcher.trainedOn(cell, spec, key);
    }

    private Launcher.Started launch(SpringService service) {
        TrafficTraining traffic = training;
        Launcher.Started started = launcher.start(services, service, traffic != null ? traffic.key() : null);
        register(service.component(), started.process());
        return started;
    }

    /** Up once its readiness says so; then its row in the stack's table. */
    private void await(SpringService service, Launcher.Started started) {
        HealthCheck.await(started.process(), service.readiness(), SERVICE_START);
        String refused = started.aot().endsWith("; " + Launcher.AOT_CACHE) ? AotCache.refusedIn(started.process().log()) : null;
        String aot = refused == null ? started.aot() : started.aot() + " **refused by the JVM** (" + refused + ")";
        TrafficTraining traffic = training;
        String failed = traffic != null && service.launch() == Launch.AOT_TRAFFIC ? untrained.get(traffic.key()) : null;
        if (failed != null) aot += " (" + failed + ")";
        launches.put(service.component(), aot);
        String exposed = ListeningSockets.beyondLoopback(started.process().pid(), services.bindAddress())
                .map(sockets -> "listens on " + sockets + " as well, though asked for " + services.bindAddress()
                        + " (server.address): its server does not take that property, and other machines can reach it while it runs")
                .orElse(null);
        if (exposed != null) exposures.put(service.component(), exposed);
        else exposures.remove(service.component());
        rows.put(service.component(), new Row(service.component(), service.address(), started.process().pid(),
                service.settings() + "; " + services.limit(service.component()).describe() + "; " + aot + (exposed != null ? "; " + exposed : "")));
    }

    private ManagedProcess register(Component component, ManagedProcess process) {
        processes.put(component, process);
        return process;
    }

    public StackSettings settings() {
        return settings;
    }

    public Map<Component, ManagedProcess> processes() {
        synchronized (processes) {
            return Collections.unmodifiableMap(new LinkedHashMap<>(processes));
        }
    }

    /** How each service under test started, by its name: its JDK, and which AOT cache it started from, or why none. */
    public Map<String, String> launches() {
        Map<String, String> byName = new LinkedHashMap<>();
        synchronized (launches) {
            launches.forEach((component, how) -> {
                if (processes.containsKey(component)) byName.put(component.label(), how);
            });
        }
        return byName;
    }

    /**
     * The services that listen beyond the loopback though the lab asked them for it, and where, by name ("app": "listens
     * on *:8080 as well, ..."): read from /proc at their start, since only the kernel knows where a server that ignores
     * Spring's {@code server.address} really listens.
     */
    public Map<String, String> exposures() {
        Map<String, String> byName = new LinkedHashMap<>();
        synchronized (exposures) {
            exposures.forEach((component, what) -> byName.put(component.label(), what));
        }
        return byName;
    }

    public List<Row> rows() {
        synchronized (rows) {
            return List.copyOf(rows.values());
        }
    }

    /**
     * Stops every started process, newest first, each by its PID. Not synchronized with the starts: a shutdown hook
     * must be able to stop a component that is still starting.
     */
    @Override
    public void close() {
        List<ManagedProcess> started;
        synchronized (processes) {
            started = new ArrayList<>(processes.values());
        }
        Collections.reverse(started);
        ManagedProcess probe = speedProbe;
        if (probe != null) started.addFirst(probe);
        for (ManagedProcess process : started) {
            process.stop();
        }
    }

    /** One line of the table `./lab up` prints. */
    public record Row(Component component, String address, long pid, String settings) {
    }
}
