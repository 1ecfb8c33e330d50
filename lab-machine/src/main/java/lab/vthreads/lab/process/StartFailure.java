package lab.vthreads.lab.process;

/** A component could not start; the message says why and what to do, with no stack trace needed. */
public class StartFailure extends RuntimeException {

    public StartFailure(String message) {
        super(message);
    }
}
