package lab.vthreads.lab.experiment;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;

/**
 * One combination of factors; an experiment runs each cell {@code repeat} times.
 *
 * @param variant the preset variant's name, or null when the preset has none
 * @param factors the preset's factors with the variant's overrides (written flat in results.json)
 */
public record Cell(String variant, ThreadMode mode, int users, @JsonUnwrapped Factors factors) {

    public String id() {
        return (variant != null ? variant + "-" : "") + mode.label() + "-" + users + "u";
    }
}
