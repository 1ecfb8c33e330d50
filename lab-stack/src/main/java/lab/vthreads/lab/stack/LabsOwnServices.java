package lab.vthreads.lab.stack;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.StackSettings.StackPorts;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lab's own services, whichever implementation does the work: a pessoa-service behind the gateway, on the lab's
 * database (its tables, which the lab knows and empties before each run) and its CEP API (whose latency the lab
 * switches, and so knows what each request waits). What the two implementations share is said here once.
 */
sealed interface LabsOwnServices extends SystemUnderTest permits LabServices, ReactiveService {

    @Override
    default List<Component> services() {
        return List.of(Component.PESSOA, Component.GATEWAY);
    }

    @Override
    default Downstream downstream() {
        return Downstream.CEP_API;
    }

    @Override
    default boolean labHandsDatabase() {
        return true;
    }

    @Override
    default String database() {
        return lab.vthreads.infra.postgres.EmbeddedPostgresServer.DATABASE;
    }

    @Override
    default DataBetweenRuns dataBetweenRuns() {
        return DataBetweenRuns.EMPTIED;
    }

    @Override
    default FirstPass firstPass() {
        return FirstPass.NONE;
    }

    /** pessoa-service's ports under the name of whichever implementation runs there, and the gateway's. */
    @Override
    default List<Port> ports(StackPorts p) {
        return List.of(new Port(p.pessoa(), name(), "--pessoa-port"), new Port(p.pessoaManagement(), name() + " management", "--pessoa-management-port"),
                new Port(p.gateway(), "gateway-service", "--gateway-port"),
                new Port(p.gatewayManagement(), "gateway-service management", "--gateway-management-port"));
    }

    /** The two services' management ports, the lab's database and its CEP API's admin. */
    @Override
    default Endpoints endpoints(StackSettings settings) {
        StackPorts ports = settings.ports();
        return new Endpoints("http://127.0.0.1:" + ports.gateway(), "http://127.0.0.1:" + ports.pessoaManagement(),
                "http://127.0.0.1:" + ports.gatewayManagement(), settings.jdbcUrl(), lab.vthreads.infra.postgres.EmbeddedPostgresServer.USER,
                lab.vthreads.infra.postgres.EmbeddedPostgresServer.PASSWORD, "http://127.0.0.1:" + ports.wiremock(), sampleNames());
    }

    /** Nothing beyond the lab's code: the services are built with it. */
    @Override
    default String identity() {
        return "";
    }

    /** pessoa-service's jar, for both implementations: the reactive service is built from the same Spring Boot. */
    @Override
    default Path versionsJar(Path home) {
        return SpringServices.labJar(home, Component.PESSOA.label());
    }

    /** pessoa-service (or the reactive service in its place) behind the gateway. */
    @Override
    default SampleNames sampleNames() {
        return SampleNames.LABS_OWN;
    }


    /** Lookups outside the transaction, no concurrency limit and no limit on the CEP client's connections: their switches. */
    @Override
    default Factors.Builder liftedForCalibration(Factors.Builder lifted) {
        return lifted.cepInsideTransaction(false).concurrencyLimit(-1).cepMaxConnections(ServiceDefaults.CEP_MAX_CONNECTIONS);
    }
}
