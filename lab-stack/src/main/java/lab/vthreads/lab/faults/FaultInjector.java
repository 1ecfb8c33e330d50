package lab.vthreads.lab.faults;

import com.github.tomakehurst.wiremock.client.HttpAdminClient;
import lab.vthreads.infra.cep.CepFaultInjection;
import lab.vthreads.infra.cep.CepLatencySwitch;
import lab.vthreads.infra.cep.ConnectionRefusalsApi;
import lab.vthreads.lab.load.LoadStart;
import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.stack.RunProcesses;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.StackSettings;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Injects a preset's faults into one measured run, on a thread of its own, at their seconds into the hold window,
 * timed from the moment the load generator says its load started. Whatever happens (the load ends early, a step
 * fails), {@link #finish} leaves every component running and the CEP API without injected faults, so the next run
 * starts on a whole stack.
 */
public final class FaultInjector {

    private static final Duration LOAD_START_WAIT = Duration.ofMinutes(3);

    private final RunningStack stack;
    private final StackSettings cell;
    private final List<Fault> faults;
    private final RunProcesses measured;
    private final Consumer<String> notes;
    private final List<FaultEvent> events = Collections.synchronizedList(new ArrayList<>());
    private Thread thread;
    private volatile long loadStartEpochMs;
    private volatile int holdStartSecond;
    private volatile String scheduleError;
    private volatile boolean refusing;

    /**
     * @param cell     the settings the services run with in this cell (the CEP latency to restore after a CEP restart)
     * @param measured the processes the sampler reads: a restarted component's new process replaces the old one there
     */
    public FaultInjector(RunningStack stack, StackSettings cell, List<Fault> faults, RunProcesses measured, Consumer<String> notes) {
        this.stack = stack;
        this.cell = cell;
        this.faults = List.copyOf(faults);
        this.measured = measured;
        this.notes = notes;
    }

    /** Starts the schedule: {@code holdStartSecond} is where the hold window begins, in seconds since the load started. */
    public void start(ManagedProcess loadGenerator, int holdStartSecond) {
        this.holdStartSecond = holdStartSecond;
        thread = Thread.ofPlatform().name("lab-faults").daemon().start(() -> {
            try {
                loadStartEpochMs = awaitLoadStart(loadGenerator);
                for (Fault fault : faults) {
                    sleepUntil(loadStartEpochMs + (holdStartSecond + fault.atSecond()) * 1000L);
                    events.add(inject(fault));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                scheduleError = e.getMessage();
                notes.accept("Fault schedule stopped: " + e.getMessage());
            }
        });
    }

    /** Stops the schedule without touching the stack: for an experiment that is being stopped. */
    public void cancel() {
        if (thread != null) thread.interrupt();
    }

    /**
     * Waits for the schedule (it ends with the load), then makes the stack whole again.
     *
     * @return the events as they happened, with the seconds counted from the load's start; a fault that never ran
     *         is there too, at its planned second, with why, so that a run cannot pass by skipping its faults
     */
    public List<FaultEvent> finish(Duration wait) throws InterruptedException {
        if (thread != null) {
            thread.join(wait);
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(Duration.ofMinutes(1));
            }
        }
        restoreEverything();
        synchronized (events) {
            for (Fault fault : faults.subList(events.size(), faults.size())) {
                double planned = holdStartSecond + fault.atSecond();
                events.add(new FaultEvent(fault.kind(), planned, planned, "", "not injected: "
                        + (scheduleError != null ? scheduleError : "the load ended before its second")));
            }
            return List.copyOf(events);
        }
    }

    private long awaitLoadStart(ManagedProcess loadGenerator) {
        return LoadStart.await(loadGenerator, LOAD_START_WAIT).orElseThrow(() -> new IllegalStateException(loadGenerator.isAlive()
                ? "the load generator's load did not start within " + LOAD_START_WAIT.toMinutes() + " min"
                : "the load generator ended before its load started"));
    }

    private FaultEvent inject(Fault fault) throws InterruptedException {
        long start = System.currentTimeMillis();
        StringBuilder detail = new StringBuilder();
        String error = null;
        try {
            switch (fault.kind()) {
                case POSTGRES_RESTART -> {
                    detail.append(timed("stopped (SIGTERM to its JVM, which stops the postmaster)", () -> stack.stop(Component.POSTGRES)));
                    sleepUntil(start + fault.seconds() * 1000L);
                    detail.append("; ").append(timed("started again on its data, ready", () -> restart(Component.POSTGRES)));
                }
                case PESSOA_RESTART -> {
                    detail.append(timed("SIGTERM, graceful shutdown, exited", () -> stack.stop(Component.PESSOA)));
                    detail.append("; ").append(timed("started again, healthy", () -> restart(Component.PESSOA)));
                }
                case CEP_FAULTS -> {
                    HttpAdminClient admin = admin();
                    CepFaultInjection.inject(admin, fault.rate());
                    detail.append(String.format(Locale.ROOT, "%s each on %.0f%% of lookups", CepFaultInjection.KINDS, fault.rate() * 100));
                    try {
                        if (cell.cepRefusable()) {
                            // The front stops by itself after the window too, should this thread not get to stop it.
                            ConnectionRefusalsApi.start(cell.host(), cell.ports().wiremock(), fault.rate(), fault.seconds());
                            refusing = true;
                            detail.append(String.format(Locale.ROOT, ", and new connections refused %.0f%% of every 100 ms (every answer "
                                    + "closing its connection meanwhile, so each lookup connects)", fault.rate() * 100));
                        }
                        detail.append(" for ").append(fault.seconds()).append(" s");
                        sleepUntil(start + fault.seconds() * 1000L);
                    } finally {
                        String front = stopRefusing();
                        if (front != null) detail.append(" (the front: ").append(front.replaceAll("\\s+", " ")).append(")");
                        CepFaultInjection.clear(admin);
                    }
                }
                case CEP_RESTART -> {
                    detail.append(timed("stopped", () -> stack.stop(Component.WIREMOCK)));
                    detail.append("; ").append(timed("started again, ready", () -> {
                        restart(Component.WIREMOCK);
                        CepLatencySwitch.apply(admin(), cell.cepLatency());
                    }));
                }
            }
        } catch (RuntimeException e) {
            error = e.getMessage();
            notes.accept("Fault " + fault.kind().label() + " failed: " + error);
        }
        long end = System.currentTimeMillis();
        notes.accept(String.format(Locale.ROOT, "Fault %s at %.1f s: %s", fault.kind().label(), seconds(start), detail));
        return new FaultEvent(fault.kind(), seconds(start), seconds(end), detail.toString(), error);
    }

    private void restart(Component component) {
        stack.start(component);
        ManagedProcess process = stack.processes().get(component);
        if (process != null) measured.replace(component, process);
    }

    /** After the run: every component up again (whatever a failed or interrupted step left down), no injected faults. */
    private void restoreEverything() {
        for (Component component : List.of(Component.POSTGRES, Component.WIREMOCK, Component.PESSOA)) {
            ManagedProcess process = stack.processes().get(component);
            if (process == null || !process.isAlive()) {
                notes.accept("Starting " + component.label() + " again after the faults");
                restart(component);
                if (component == Component.WIREMOCK) CepLatencySwitch.apply(admin(), cell.cepLatency());
            }
        }
        stopRefusing();
        CepFaultInjection.clear(admin());
    }

    /** Stops the refusals this injector started; returns the front's account of them, null when none were started. */
    private String stopRefusing() {
        if (!refusing) return null;
        String account = ConnectionRefusalsApi.stop(cell.host(), cell.ports().wiremock());
        refusing = false;
        return account;
    }

    private HttpAdminClient admin() {
        return new HttpAdminClient("127.0.0.1", cell.ports().wiremock());
    }

    private double seconds(long epochMs) {
        return Math.round((epochMs - loadStartEpochMs) / 100.0) / 10.0;
    }

    private static String timed(String what, Runnable step) {
        long t0 = System.nanoTime();
        step.run();
        return String.format(Locale.ROOT, "%s in %.1f s", what, (System.nanoTime() - t0) / 1e9);
    }

    private static void sleepUntil(long epochMs) throws InterruptedException {
        long left = epochMs - System.currentTimeMillis();
        if (left > 0) Thread.sleep(left);
    }
}
