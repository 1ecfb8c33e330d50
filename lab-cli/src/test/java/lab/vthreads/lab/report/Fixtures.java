package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.plan.Published;
import lab.vthreads.lab.model.Calibration;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.measured.ExperimentResults.Server;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.load.ClientResult;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.List;
import java.util.Map;

/** A small experiment with numbers chosen so every summary figure can be worked out by hand. */
final class Fixtures {

    private Fixtures() {
    }

    static ExperimentResults experiment() {
        Preset preset = Preset.builder("fixture").description("A hand-made experiment.").why("Because.").simulation("CreatePessoaSimulation")
                .workload("closed").users(List.of(200)).modes(List.of(ThreadMode.PLATFORM, ThreadMode.VIRTUAL)).rampUpSeconds(5).holdSeconds(20)
                .factors(Factors.builder().tomcatThreads(25).cepInsideTransaction(false).cepLatency("fixed:500").build()).repeat(3)
                .published(new Published("A study.", List.of(new Published.Row(200, 100.0, 300.0, 800.0, 400.0)), null, null)).build();
        // R₀ = 10 ms + 1 lookup × 500 ms = 0.51 s. Bounds: CPU 2 cores ÷ (0.8 × 2 ÷ 320 req/s = 5 ms) = 400 req/s; threads 25 ÷ 0.51 s = 49.0 req/s;
        // users 200 ÷ 0.51 s = 392.2 req/s; pool 10 ÷ 5 ms = 2,000 req/s.
        Calibration calibration = new Calibration(2, 40, 20, 40, Map.of("pessoa-service", 3.0, "gateway-service", 2.0), 10, 1, 1, 5, 0.1, 0.05, 320, 0.8,
                Map.of("pessoa-service", 3.0, "gateway-service", 2.0), 500, 200, null);
        return new ExperimentResults(ExperimentResults.SCHEMA_VERSION, "fixture", preset.description(), preset.why(), false,
                "2026-11-21T10:00:00Z", "2026-11-21T10:10:00Z",
                new ExperimentResults.Environment("25.0.1 (Eclipse Adoptium)", "OpenJDK 64-Bit Server VM", "4.0.8", "7.0.2", "42.7.8", "3.15.1",
                        2, 24_000, "Linux", Map.of("pessoa-service", "platform threads"), null, null),
                preset, Map.of(implementation(ThreadMode.VIRTUAL), calibration), null, null,
                List.of(
                        new ExperimentResults.CellResult("platform-200u", null, ThreadMode.PLATFORM, implementation(ThreadMode.PLATFORM), 200, preset.cells().get(0), List.of(
                                repeat(1, 100, 300, 900, 0, 410, 350, 1.10), repeat(2, 120, 280, 700, 2, 405, 300, 1.00), repeat(3, 110, 320, 800, 1, 412, 320, 0.90)), List.of()),
                        new ExperimentResults.CellResult("virtual-200u", null, ThreadMode.VIRTUAL, implementation(ThreadMode.VIRTUAL), 200, preset.cells().get(1), List.of(
                                repeat(1, 260, 150, 400, 0, 40, 500, 1.60), repeat(2, 250, 160, 450, 0, 38, 520, 1.50), repeat(3, 240, 170, 500, 0, 41, 510, 1.70)), List.of())),
                ExperimentResults.UNITS, null, null);
    }

    /** What serves a cell of the lab's own services in {@code mode}, as the runner names it. */
    static String implementation(ThreadMode mode) {
        return mode.reactive() ? "pessoa-service-reactive" : "pessoa-service";
    }

    private static RepeatResult repeat(int n, double throughput, double mean, double p95, long ko, double threads, double heap, double pessoaCpu) {
        long ok = Math.round(throughput * 25);
        return new RepeatResult(n, "2026-11-21T10:0" + n + ":00Z",
                new ClientResult(ok + ko, ok, ko, throughput, new ClientResult.Latency(mean, mean, p95, p95 * 1.5, p95 * 2), ko > 0 ? Map.of("status 503 (expected 201)", ko) : Map.of(),
                        ok, ok, true, 0, throughput + ko / 25.0),
                new Server(p95 * 0.9, p95 * 1.3, p95, p95 * 1.4, threads, 60.0, heap, 120.0, 0.0, 25.0, 0.0, 0.2, 0.0, 0.5, 0.9),
                Map.of("pessoa-service", new ExperimentResults.ProcessUsage(pessoaCpu, 400), "gateway-service", new ExperimentResults.ProcessUsage(0.5, 300)),
                new ExperimentResults.Machine(0.95, 0.01),
                List.of(Map.of("t", 1.0, "cpu.pessoa-service", pessoaCpu, "pessoa.heapMb", heap), Map.of("t", 2.0, "cpu.pessoa-service", pessoaCpu, "pessoa.heapMb", heap)),
                "cells/x/r" + n + "/gatling/createpessoasimulation-" + n + "/index.html", false, 1, null)
                // How the pair's services started, written and read back (schema 13).
                .withContext(new ExperimentResults.RunContext(null, new ExperimentResults.StackUse(1, List.of("x"), 0L,
                        Map.of("pessoa-service", "Temurin 25.0.1; AOT cache trained on traffic", "gateway-service", "Temurin 25.0.1; AOT cache")),
                        null, null, null, null, null, null));
    }
}
