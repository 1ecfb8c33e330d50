package lab.vthreads.gatling;

/**
 * A few users for a few seconds, no errors allowed: what the tests and CI run against a fresh stack.
 *
 * <pre>./mvnw gatling:test -Dgatling.simulationClass=lab.vthreads.gatling.SmokeSimulation</pre>
 */
public class SmokeSimulation extends CreatePessoaSimulation {

    public SmokeSimulation() {
        super(LoadParameters.fromSystemProperties(5, 2, 8, 0, 0));
    }
}
