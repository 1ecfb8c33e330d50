package lab.vthreads.lab.experiment;

import lab.vthreads.lab.measured.StartupCheck;
import lab.vthreads.lab.measured.StartupCheck.Outcome;
import lab.vthreads.lab.pinning.Carriers;
import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.plan.StackPlan;
import lab.vthreads.lab.process.StartFailure;
import lab.vthreads.lab.progress.Progress;
import lab.vthreads.lab.run.DatabaseSnapshot;
import lab.vthreads.lab.run.DownstreamLatency;
import lab.vthreads.lab.run.FirstRequests;
import lab.vthreads.lab.run.HangDumps;
import lab.vthreads.lab.run.LoadGenerators;
import lab.vthreads.lab.run.ScenarioCheck;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.FirstPass;
import lab.vthreads.lab.stack.RunProcesses;
import lab.vthreads.lab.stack.RunningStack;
import lab.vthreads.lab.stack.StackSettings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The start-up check: each kind of service JVM the experiment runs (each mode, with each variant's factors) started
 * {@code times} times, fresh, and handed a burst while cold: as many users as its cells' most, all at once, taking
 * the scenario's flows in turn, as a fresh pod meets its share of the traffic. Whether a cold
 * virtual-thread JVM deadlocks in class loading depends on which threads reach which class first, so one start says
 * little; the check counts. The kinds with virtual threads take turns, start by start, so that the machine's drift over
 * the check hits each alike; platform threads' kinds are their control, started the same way only once one of them
 * hung with no deadlock of its carriers to explain it ({@link Roles}). A hung start's threads are dumped and read, as the experiment's own cold starts are; the database the lab
 * hands the services is put back after each start, so every burst meets the same data.
 */
final class RepeatedStarts {

    private final int times;
    private final LoadGenerators load;
    private final Path scenario;
    private final Path cepsCsv;
    private final Path resultsDirectory;
    private final Progress progress;
    private final KeptStarts kept;
    /** The database as every start finds it, taken at the first start; null until then, or where each start makes its own. */
    private DatabaseSnapshot snapshot;

    /**
     * @param scenario the scenario file whose flows the bursts send (ExperimentRunner.Options#flows)
     * @param kept     earlier runs' starts of the same kinds, counted with this run's, which makes only the rest
     */
    RepeatedStarts(int times, LoadGenerators load, Path scenario, Path cepsCsv, Path resultsDirectory, Progress progress, KeptStarts kept) {
        if (times < 1) throw new IllegalArgumentException("a start-up check starts each JVM at least once, not " + times + " times");
        this.times = times;
        this.load = load;
        this.scenario = scenario;
        this.cepsCsv = cepsCsv;
        this.resultsDirectory = resultsDirectory;
        this.progress = progress;
        this.kept = kept;
    }

    List<StartupCheck> run(RunningStack stack, StackSettings base, List<Cell> cells) throws Exception {
        Roles roles = Roles.of(StackPlan.of(cells, 1, true).stream().map(StackPlan.Group::first).toList());
        progress.note(String.format(Locale.ROOT, "start-up check: %s, each started %d times and sent its cells' most users at once (%s), cold%s",
                String.join(", ", roles.subjects().stream().map(RepeatedStarts::name).toList()), times,
                String.join(", ", roles.subjects().stream().map(k -> Integer.toString(k.users())).toList()),
                roles.controls().isEmpty() ? "" : "; " + String.join(", ", roles.controls().stream().map(RepeatedStarts::name).toList())
                        + " as their control, only once one of them hangs with no deadlock of its carriers to explain it"));
        Map<Cell, List<StartupCheck.Start>> starts = new LinkedHashMap<>();
        for (Cell kind : roles.kinds()) {
            List<StartupCheck.Start> earlier = kept.of(kind);
            starts.put(kind, new ArrayList<>(earlier));
            if (!earlier.isEmpty()) {
                progress.note(String.format(Locale.ROOT, "start-up check: %s, %d starts kept from earlier runs of the same jar, scenario, settings and "
                        + "machine (%s)%s", name(kind), earlier.size(), String.join(", ", earlier.stream().map(StartupCheck.Start::keptFrom)
                        .distinct().toList()), roles.controls().contains(kind) ? "" : "; " + Math.max(0, times - earlier.size()) + " more now"));
            }
        }
        startInTurns(roles.subjects(), starts, stack, base);
        if (roles.controlsDue(starts)) {
            if (!roles.controls().isEmpty()) {
                progress.note("start-up check: a start hung with no carrier deadlock to explain it, so " + String.join(", ", roles.controls().stream()
                        .map(RepeatedStarts::name).toList()) + " now, its control: whether the same burst hangs a JVM without virtual threads");
            }
            startInTurns(roles.controls(), starts, stack, base);
        } else if (!roles.controls().isEmpty()) {
            boolean keptSome = roles.controls().stream().anyMatch(k -> !starts.get(k).isEmpty());
            boolean hung = roles.subjects().stream().flatMap(k -> starts.get(k).stream()).anyMatch(s -> s.outcome() == Outcome.HUNG);
            progress.note("start-up check: " + String.join(", ", roles.controls().stream().map(RepeatedStarts::name).toList())
                    + " not started: " + (hung ? "every start with virtual threads that hung was a deadlock of their carriers, which a JVM without "
                    + "them cannot have" : "no start with virtual threads hung, so there is no hang for its control to compare")
                    + (keptSome ? "; the starts earlier runs made of it are counted" : ""));
        }
        List<StartupCheck> checks = new ArrayList<>();
        starts.forEach((kind, each) -> {
            if (each.isEmpty()) return;
            String unkept = kept.keep(kind, each, resultsDirectory.getFileName().toString());
            if (unkept != null) progress.note("  the start-up check's starts could not be kept for the next run: " + unkept);
            checks.add(new StartupCheck(name(kind), kind.mode(), kind.variant(), kind.users(), (int) ScenarioCheck.REQUEST_TIMEOUT.toSeconds(), each));
        });
        checks.forEach(check -> progress.note("start-up check: " + check.text()));
        return checks;
    }

    /**
     * The kinds of JVM a start-up check starts, in the two roles they play. It counts how often a cold JVM with virtual
     * threads deadlocks in class loading, so a kind that runs requests on them is its subject. A platform-thread JVM
     * cannot deadlock that way: its starts are the control that tells a virtual-thread hang from a burst that would
     * hang the application on any threads, and they answer something only once a subject hung without its dump showing
     * that deadlock (every carrier blocked), which answers it already. Without a subject
     * (a preset of platform threads alone) every kind is one.
     *
     * @param kinds    every kind, in the order the report lists them
     * @param subjects the kinds started first, taking turns
     * @param controls the kinds started after them, only where one of theirs hung
     */
    record Roles(List<Cell> kinds, List<Cell> subjects, List<Cell> controls) {

        static Roles of(List<Cell> kinds) {
            List<Cell> controls = kinds.stream().filter(k -> StartupCheck.control(k.mode())).toList();
            if (controls.size() == kinds.size()) return new Roles(kinds, kinds, List.of());
            return new Roles(kinds, kinds.stream().filter(k -> !controls.contains(k)).toList(), controls);
        }

        /** Whether a subject's start hung unexplained, this run's or one kept: then the controls are started too. */
        boolean controlsDue(Map<Cell, List<StartupCheck.Start>> starts) {
            return StartupCheck.controlDue(subjects.stream().flatMap(k -> starts.getOrDefault(k, List.of()).stream()).toList());
        }
    }

    /**
     * Starts each kind until it has its {@code times} starts, kept ones included, the kinds taking turns start by
     * start, so that the machine's drift over the check hits each alike.
     */
    private void startInTurns(List<Cell> kinds, Map<Cell, List<StartupCheck.Start>> starts, RunningStack stack, StackSettings base) throws Exception {
        for (int round = 1; round <= times; round++) {
            for (Cell kind : kinds) {
                if (starts.get(kind).size() >= times) continue;
                int i = starts.get(kind).size() + 1;
                load.requireNotAborted();
                Path dir = resultsDirectory.resolve("startup").resolve(name(kind).replace(' ', '-')).resolve("start-" + i);
                Files.createDirectories(dir);
                StackSettings settings = base.with(kind.mode(), kind.factors(), dir);
                StartupCheck.Start start;
                try {
                    stack.startServices(settings);
                } catch (StartFailure e) {
                    if (load.aborted()) throw e;
                    start = new StartupCheck.Start(i, Outcome.DID_NOT_START, e.getMessage(), null, null, null, null);
                    starts.get(kind).add(start);
                    progress.note(line(kind, i, start));
                    continue;
                }
                start = null;
                try {
                    // Taken on the first start, once the services' migrations have run: what every later burst meets too.
                    // Where each start makes its database afresh, there is nothing to put back (and the copy would go with it).
                    if (snapshot == null && !settings.freshDatabaseEachStart()) snapshot = DatabaseSnapshot.ofStack(settings);
                    stack.exposures().forEach((service, where) -> progress.noteOnce("Warning: " + service + " " + where));
                    DownstreamLatency.of(settings).forCells();
                    start = burst(stack, settings, kind, i, dir, snapshot);
                } finally {
                    if (start != null && start.outcome() == Outcome.HUNG) stack.killServices();
                    else stack.stopServices();
                }
                if (snapshot != null) snapshot.restore();
                starts.get(kind).add(start);
                progress.note(line(kind, i, start));
            }
        }
    }

    /**
     * The burst, after the first pass where the kind's factors ask for one: a start-up check's variant with a pass
     * measures whether it prevents the hang, and a pass that hangs is that start's result. Between the two the
     * database goes back to what the start found, as it does before a pair's first cell: each run of the scenario
     * starts from its payloads' first rows, and a value the pass stored once (a tax number) would otherwise be refused
     * to the burst as a duplicate.
     *
     * @param snapshot the database as every start finds it, where one is kept across the starts; null where each start
     *                 makes it afresh (this start's is copied before its pass) or the application brings its own
     */
    private StartupCheck.Start burst(RunningStack stack, StackSettings settings, Cell kind, int i, Path dir, DatabaseSnapshot snapshot) throws Exception {
        Map<String, Long> pids = RunProcesses.of(stack.processes()).servicePids();
        FirstPass pass = FirstPass.beforeBurst(kind.factors());
        if (pass.sends()) {
            DatabaseSnapshot found = snapshot != null ? snapshot : DatabaseSnapshot.ofStack(settings);
            StartupCheck.Start passed = start(ScenarioCheck.pass(load, pass, scenario, Endpoints.of(settings), cepsCsv, dir, pids), pass, i, pids, dir);
            if (passed.outcome() != Outcome.ANSWERED) return passed;
            if (found != null) found.restore();
        }
        return start(ScenarioCheck.burst(load, scenario, Endpoints.of(settings), cepsCsv, kind.users(), dir, pids), null, i, pids, dir);
    }

    /** @param pass the first pass that {@code sent} was, or null for the burst */
    private StartupCheck.Start start(ScenarioCheck.Sent sent, FirstPass pass, int i, Map<String, Long> pids, Path dir) {
        Long slowest = sent.slowestMs();
        Integer carriers = carriers(pids);
        String what = pass == null ? "the burst" : "the first pass (" + pass.key() + ")";
        String whose = pass == null ? "" : what + ": ";
        return switch (sent.got()) {
            case FirstRequests.Answered answered -> new StartupCheck.Start(i, Outcome.ANSWERED, null, carriers, slowest, null, null);
            case FirstRequests.AnsweredOtherwise otherwise -> new StartupCheck.Start(i, Outcome.ANSWERED_OTHERWISE, whose + otherwise.reasons(), carriers,
                    slowest, null, null);
            case FirstRequests.Unanswered unanswered -> {
                HangDumps dumps = HangDumps.take(pids, "start " + i + ": " + what + " went unanswered (" + unanswered.reasons() + ")", "start-" + i, dir,
                        resultsDirectory, progress);
                yield new StartupCheck.Start(i, Outcome.HUNG, whose + unanswered.reasons(), carriers, slowest, dumps.files(), dumps.stalled());
            }
        };
    }

    /** The carriers the first service that says so has: the services of one stack share their factors and CPUs. */
    private static Integer carriers(Map<String, Long> pids) {
        for (long pid : pids.values()) {
            OptionalInt carriers = Carriers.of(pid);
            if (carriers.isPresent()) return carriers.getAsInt();
        }
        return null;
    }

    private static String line(Cell kind, int i, StartupCheck.Start start) {
        String what = switch (start.outcome()) {
            case ANSWERED -> "answered, the slowest in " + start.slowestMs() + " ms";
            case ANSWERED_OTHERWISE -> "answered, the slowest in " + start.slowestMs() + " ms, not all as the scenario expects (" + start.requests() + ")";
            case HUNG -> "HUNG: " + start.requests();
            case DID_NOT_START -> "did not start: " + start.requests();
        };
        return String.format(Locale.ROOT, "start-up check: %s, start %d: %s", name(kind), i, what);
    }

    /** "virtual", or with its variant "carriers-4 virtual". */
    static String name(Cell kind) {
        return kind.variant() == null ? kind.mode().label() : kind.variant() + " " + kind.mode().label();
    }
}
