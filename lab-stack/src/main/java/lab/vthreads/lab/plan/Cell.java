package lab.vthreads.lab.plan;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;

/**
 * One combination of factors; an experiment runs each cell {@code repeat} times.
 *
 * @param variant the preset variant's name, or null when the preset has none
 * @param factors the preset's factors with the variant's overrides (written flat in results.json)
 * @param replica the A/A control: the same mode and factors run again as a cell of its own, so the report can tell
 *                how far two runs of one thing differ here
 */
public record Cell(String variant, ThreadMode mode, int users, @JsonUnwrapped Factors factors, boolean replica) {

    public Cell(String variant, ThreadMode mode, int users, Factors factors) {
        this(variant, mode, users, factors, false);
    }

    public String id() {
        return (variant != null ? variant + "-" : "") + mode.label() + "-" + users + "u" + (replica ? "-aa" : "");
    }
}
