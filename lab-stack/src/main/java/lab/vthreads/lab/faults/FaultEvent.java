package lab.vthreads.lab.faults;

/**
 * What happened when the lab injected one fault, in seconds since the load started (Gatling's second 0, the
 * timeline's): from the moment it began ({@code startSecond}) to the moment the fault was over ({@code endSecond}:
 * the component healthy again, or the injected CEP faults removed).
 *
 * @param detail what the lab did and how long each step took
 * @param error  why the fault could not be injected or undone (null: it went as planned)
 */
public record FaultEvent(Fault.Kind kind, double startSecond, double endSecond, String detail, String error) {
}
