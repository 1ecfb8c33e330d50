package lab.vthreads.lab.micro;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The published ExecutorService demo, as a small harness: the same tasks on a fixed pool and on virtual threads.
 * <ul>
 *   <li>I/O: {@code ioTasks} tasks that sleep {@code ioSleepMs}. A pool of P threads needs at least
 *       ⌈tasks ÷ P⌉ × sleep; virtual threads can sleep all at once, so about one sleep plus overhead.</li>
 *   <li>CPU: {@code cpuTasksPerCore} × cores tasks of a fixed loop. A pool of {@code cores} threads and virtual
 *       threads (whose carriers are {@code cores} platform threads) both need ⌈tasks ÷ cores⌉ × one task's time.</li>
 * </ul>
 * Each scenario runs once unmeasured (JIT, thread creation) and then {@code runs} times; the report gives the median.
 */
public final class ExecutorMicro {

    /**
     * @param published the study's times in ms, keyed by scenario name (io-pool, io-virtual, cpu-pool, cpu-virtual)
     */
    public record Settings(int ioTasks, int ioSleepMs, int ioPoolThreads, int cpuTasksPerCore, long cpuIterations, int runs, int shortRuns,
                           Map<String, Double> published) {

        public Settings {
            if (ioTasks < 1 || ioSleepMs < 1 || ioPoolThreads < 1 || cpuTasksPerCore < 1 || cpuIterations < 1 || runs < 1 || shortRuns < 1) {
                throw new IllegalArgumentException("executorMicro: every setting must be >= 1");
            }
        }

        public Settings shortened() {
            return new Settings(ioTasks, ioSleepMs, ioPoolThreads, cpuTasksPerCore, cpuIterations, shortRuns, shortRuns, published);
        }
    }

    /** One scenario: every measured run, and the floor that only the executor's parallelism imposes. */
    public record Scenario(String name, String executor, int tasks, double medianMs, double minMs, double maxMs, double theoreticalMinMs,
                           String theory, Double publishedMs, List<Double> runsMs) {

        /** How far above the floor the median is: 1.0 would be a perfect executor. */
        public double overFloor() {
            return medianMs / theoreticalMinMs;
        }
    }

    public record Result(int cores, double singleCpuTaskMs, List<Scenario> scenarios) {
    }

    private final Settings settings;
    private final int cores;

    public ExecutorMicro(Settings settings, int cores) {
        this.settings = settings;
        this.cores = cores;
    }

    public Result run() throws Exception {
        List<Scenario> scenarios = new ArrayList<>();
        int io = settings.ioTasks();
        double ioFloorPool = Math.ceil((double) io / settings.ioPoolThreads()) * settings.ioSleepMs();
        scenarios.add(measure("io-pool", "fixed pool of " + settings.ioPoolThreads(), io,
                () -> Executors.newFixedThreadPool(settings.ioPoolThreads()), this::sleepTask, ioFloorPool,
                String.format("⌈%d ÷ %d⌉ × %d ms", io, settings.ioPoolThreads(), settings.ioSleepMs())));
        scenarios.add(measure("io-virtual", "virtual thread per task", io, Executors::newVirtualThreadPerTaskExecutor, this::sleepTask,
                settings.ioSleepMs(), "one " + settings.ioSleepMs() + " ms sleep, all at once"));

        double single = singleCpuTaskMs();
        int cpu = settings.cpuTasksPerCore() * cores;
        double cpuFloor = Math.ceil((double) cpu / cores) * single;
        String cpuTheory = String.format("⌈%d ÷ %d cores⌉ × %.0f ms (one task alone)", cpu, cores, single);
        scenarios.add(measure("cpu-pool", "fixed pool of " + cores, cpu, () -> Executors.newFixedThreadPool(cores), this::cpuTask, cpuFloor, cpuTheory));
        scenarios.add(measure("cpu-virtual", "virtual thread per task", cpu, Executors::newVirtualThreadPerTaskExecutor, this::cpuTask, cpuFloor,
                cpuTheory));
        return new Result(cores, single, scenarios);
    }

    private Scenario measure(String name, String executor, int tasks, Supplier<ExecutorService> factory, Supplier<Long> task,
                             double floorMs, String theory) throws Exception {
        timeOnce(factory, task, tasks);
        double[] runs = new double[settings.runs()];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = timeOnce(factory, task, tasks);
        }
        double[] sorted = runs.clone();
        Arrays.sort(sorted);
        double median = sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        Double published = settings.published() != null ? settings.published().get(name) : null;
        return new Scenario(name, executor, tasks, median, sorted[0], sorted[sorted.length - 1], floorMs, theory, published,
                Arrays.stream(runs).boxed().toList());
    }

    /** Wall time from the first submit until every task has finished, the executor's shutdown included. */
    private static double timeOnce(Supplier<ExecutorService> factory, Supplier<Long> task, int tasks) throws Exception {
        long start = System.nanoTime();
        long sink = 0;
        try (ExecutorService executor = factory.get()) {
            List<Future<Long>> futures = new ArrayList<>(tasks);
            for (int i = 0; i < tasks; i++) {
                futures.add(executor.submit(task::get));
            }
            for (Future<Long> f : futures) {
                sink += f.get();
            }
        }
        double ms = (System.nanoTime() - start) / 1e6;
        if (sink == 42) System.out.print("");  // keeps the loop's result alive, so the JIT cannot drop the work
        return ms;
    }

    private long sleepTask() {
        try {
            Thread.sleep(Duration.ofMillis(settings.ioSleepMs()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 1;
    }

    /** A xorshift loop: pure CPU, no allocation, a result the caller consumes. */
    private long cpuTask() {
        long x = 0x9E3779B97F4A7C15L;
        for (long i = 0; i < settings.cpuIterations(); i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** One CPU task on its own, after a warm-up: the unit of the CPU floor. */
    private double singleCpuTaskMs() {
        cpuTask();
        double[] t = new double[3];
        for (int i = 0; i < t.length; i++) {
            long start = System.nanoTime();
            long sink = cpuTask();
            t[i] = (System.nanoTime() - start) / 1e6;
            if (sink == 42) System.out.print("");
        }
        Arrays.sort(t);
        return t[1];
    }
}
