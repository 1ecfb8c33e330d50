package lab.vthreads.lab.experiment;

import lab.vthreads.infra.testsupport.LongRun;
import lab.vthreads.lab.plan.Preset;
import lab.vthreads.lab.plan.TestPreset;
import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.faults.Fault;
import lab.vthreads.lab.faults.FaultEvent;
import lab.vthreads.lab.faults.FaultOutcome;
import lab.vthreads.lab.report.ResultsFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every kind of fault inside one real run, end to end: PostgreSQL and pessoa-service stopped and started again by the
 * lab, every CEP lookup failing for a few seconds, the CEP API restarted; then the rows in PostgreSQL against the 201s.
 */
@LongRun
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class FaultsRunIT {

    @Test
    void everyFaultIsInjectedAndUndoneAndNothingIsLost(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path temp) throws Exception {
        Path dir = temp.resolve("run");
        // Every lookup fails during the CEP faults (4 kinds × 25%), so their effect cannot be missed in a few seconds. The
        // gaps leave room for restarts on a loaded machine: with a second build running beside this test, pessoa-service
        // took 24 s to restart here and the CEP API 15 s.
        Preset faults = TestPreset.named("tiny-faults").description("Each fault once, in one short cell.").users(8).modes("virtual").seconds(1, 110, 3)
                .cepLatency("fixed:50").set("poolTimeoutMs", 1000)
                .list("faults", "{kind: postgres-restart, atSecond: 3, seconds: 3}", "{kind: pessoa-restart, atSecond: 15}",
                        "{kind: cep-faults, atSecond: 55, seconds: 4, rate: 0.25}", "{kind: cep-restart, atSecond: 70}")
                .build();
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        ExperimentRunner runner = new ExperimentRunner(RunnerOptions.of(faults, dir).progressTo(progress).build());

        ExperimentResults results = runner.run();
        ResultsFiles.write(dir, results);

        FaultOutcome outcome = results.cells().getFirst().repeats().getFirst().context().faults();
        assertThat(outcome.events()).as(progress.toString()).extracting(r -> r.event().kind())
                .containsExactly(Fault.Kind.POSTGRES_RESTART, Fault.Kind.PESSOA_RESTART, Fault.Kind.CEP_FAULTS, Fault.Kind.CEP_RESTART);
        for (FaultOutcome.Recovery recovery : outcome.events()) {
            FaultEvent event = recovery.event();
            assertThat(event.error()).as(event.kind().label()).isNull();
            assertThat(event.endSecond()).as(event.kind().label()).isGreaterThan(event.startSecond());
            // The errors stopped before the next fault: the stack came back whole each time.
            assertThat(recovery.recoverySeconds()).as(event.kind().label() + " " + outcome.events() + " " + outcome.timeline()).isNotNull();
        }
        // The faults the users must see: PostgreSQL down, pessoa-service down, every CEP lookup failing.
        for (FaultOutcome.Recovery recovery : outcome.events().subList(0, 3)) {
            assertThat(errorsDuring(outcome, recovery.event())).as(recovery.event().kind().label() + " " + outcome.timeline()).isPositive();
        }
        // The CEP faults' window refused connections through the mock's front, and its answers were timed against the bar.
        FaultOutcome.Recovery cepFaults = outcome.events().get(2);
        assertThat(cepFaults.event().detail()).contains("new connections refused", "\"closedSlices\"");
        assertThat(cepFaults.errorLimitMs()).isNotNull();
        assertThat(cepFaults.slowestErrorMs()).isPositive();
        assertThat(outcome.http500()).as(outcome.statuses().toString()).isZero();
        assertThat(outcome.notProblemDetails()).isEmpty();
        assertThat(outcome.rows()).as(outcome.rowsError()).isNotNull();
        assertThat(outcome.created201()).isPositive();
        assertThat(outcome.lost()).isZero();
        assertThat(outcome.unconfirmed()).isZero();
        assertThat(outcome.rows().withoutAddress()).isZero();
        assertThat(outcome.rows().enderecos()).isEqualTo(outcome.addressesIn201s());
        // The stack is whole again after the run, with the restarted processes measured.
        assertThat(results.cells().getFirst().repeats().getFirst().processes()).containsKeys("postgres", "wiremock", "pessoa-service");
        assertThat(ExperimentRunIT.ResultsFilesSchema.validate(dir.resolve("results.json"))).isEmpty();
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("Faults: was anything lost?", "Faults: each event and the recovery after it",
                "Timeline: virtual-8u r1", "▶ postgres-restart");
    }

    private static long errorsDuring(FaultOutcome outcome, FaultEvent event) {
        long errors = 0;
        for (int s = (int) event.startSecond(); s <= (int) event.endSecond() + 2; s++) errors += FaultOutcome.errorsAt(outcome.timeline(), s);
        return errors;
    }
}
