package lab.vthreads.lab.experiment;

import lab.vthreads.lab.stack.ThreadMode;

/** One combination of factors; an experiment runs each cell {@code repeat} times. */
public record Cell(ThreadMode mode, int users) {

    public String id() {
        return mode.label() + "-" + users + "u";
    }
}
