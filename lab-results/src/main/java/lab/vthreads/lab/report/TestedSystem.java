package lab.vthreads.lab.report;

import lab.vthreads.lab.measured.ExperimentResults;
import lab.vthreads.lab.measured.ExperimentResults.RepeatResult;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleBiFunction;

/**
 * The system a run measured, as its results say, one case per kind: the lab's two services (pessoa-service, or another
 * implementation in its place, behind the gateway), or a user's application alone in their place. What the report's tables show and
 * say differently for each is answered here, so that no table asks which kind it has.
 */
sealed interface TestedSystem {

    /** The kind a run measured, by its cells' sample names: one service's figures where the lab's two stand is an application. */
    static TestedSystem of(ExperimentResults results) {
        return results.cells().stream().anyMatch(cell -> cell.sampleNames().services().size() == 1) ? new Application() : new LabsOwn();
    }

    /** The components of the other kind, which the partition lists but this run did not start. */
    Set<String> notStarted();

    /** What the load side served it downstream, in words. */
    String downstream();

    /** The system's JVMs together, in words ("both services"). */
    String services();

    /** Where the sampler read its figures, in words. */
    String metricsEndpoints();

    /** Whether a gateway stands in front of it, with figures (JIT, heap, RSS) of its own. */
    boolean hasGateway();

    /** Whether its downstream calls are the lab's CEP lookups, whose count per request a cell's factors set. */
    boolean looksUpCeps();

    /** Whose Tomcat threads the pool table shows. */
    String tomcatOf();

    /** What its pool time-outs and 503s mean, for the pool table's note. */
    String timeoutsAnd503s();

    /** The process whose threads, heap and RSS the footprint table shows, as results.json names it. */
    String footprintProcess();

    /** Its CPU in one repeat, the cores its JVMs used together, from each process's figure. */
    double cpuCores(RepeatResult repeat, ToDoubleBiFunction<RepeatResult, String> cpuOf);

    /** The lab's services: the gateway in front of pessoa-service or another implementation, each JVM with its own figures. */
    record LabsOwn() implements TestedSystem {
        @Override
        public Set<String> notStarted() {
            return Set.of(Component.APP.label());
        }

        @Override
        public String downstream() {
            return "CEP mock";
        }

        @Override
        public String services() {
            return "both services";
        }

        @Override
        public String metricsEndpoints() {
            return "both services' Prometheus endpoints";
        }

        @Override
        public boolean hasGateway() {
            return true;
        }

        @Override
        public boolean looksUpCeps() {
            return true;
        }

        @Override
        public String tomcatOf() {
            return "busier service";
        }

        @Override
        public String timeoutsAnd503s() {
            return "Hikari time-outs (each a 503 pool-exhausted); every 503 the load generator saw (pool-exhausted or, with the limit, database-busy).";
        }

        // Whichever implementation serves behind the gateway is sampled under pessoa-service's process name.
        @Override
        public String footprintProcess() {
            return Component.PESSOA.label();
        }

        @Override
        public double cpuCores(RepeatResult repeat, ToDoubleBiFunction<RepeatResult, String> cpuOf) {
            return cpuOf.applyAsDouble(repeat, Component.PESSOA.label()) + cpuOf.applyAsDouble(repeat, Component.GATEWAY.label());
        }
    }

    /** A user's application: one JVM, no gateway in front, whose downstream calls are its own affair. */
    record Application() implements TestedSystem {
        @Override
        public Set<String> notStarted() {
            return Set.of(Component.PESSOA.label(), Component.GATEWAY.label());
        }

        @Override
        public String downstream() {
            return "stubs";
        }

        @Override
        public String services() {
            return "the application";
        }

        @Override
        public String metricsEndpoints() {
            return "the application's metrics endpoint";
        }

        @Override
        public boolean hasGateway() {
            return false;
        }

        @Override
        public boolean looksUpCeps() {
            return false;
        }

        @Override
        public String tomcatOf() {
            return "application";
        }

        @Override public String timeoutsAnd503s() { return "Hikari time-outs; every 503 the load generator saw."; }
        @Override
        public String footprintProcess() {
            return Component.APP.label();
        }

        @Override
        public double cpuCores(RepeatResult repeat, ToDoubleBiFunction<RepeatResult, String> cpuOf) {
            return cpuOf.applyAsDouble(repeat, footprintProcess());
        }
    }

    /** The footprint table's columns for the system's CPU, named for what it sums. */
    default String cpuColumn() {
        return "mean CPU, " + services() + (hasGateway() ? " (cores, % of their CPUs)" : " (cores, % of its CPUs)");
    }

    /** The observer table's columns: a JIT column per JVM of the system's. */
    default List<String> observerHeader() {
        return hasGateway()
                ? List.of("cell", "lab JVM (cores)", "of the machine", "pessoa-service JIT", "gateway-service JIT", "Gatling JIT", "prewarm", "samples dropped")
                : List.of("cell", "lab JVM (cores)", "of the machine", "app JIT", "Gatling JIT", "prewarm", "samples dropped");
    }
}
