package lab.vthreads.lab.stack;

import java.nio.file.Path;

/**
 * The traffic a {@link Launch#AOT_TRAFFIC} cache is trained on: the run's own flows, sent by whoever runs the load
 * (the experiment's load generator), through the services the stack started for the training.
 */
public interface TrafficTraining {

    /**
     * What is sent, as a short name that changes whenever the traffic does (the flows, their users, their time): a cache
     * trained on other traffic is another cache.
     */
    String key();

    /** Sends the flows to the services at {@code endpoints} and returns once done: bounded in time, and it stops by itself. */
    void drive(Endpoints endpoints, Path directory) throws Exception;
}
