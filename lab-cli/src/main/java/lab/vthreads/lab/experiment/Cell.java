package lab.vthreads.lab.experiment;

import lab.vthreads.lab.stack.ThreadMode;

/**
 * One combination of factors; an experiment runs each cell {@code repeat} times.
 *
 * @param variant the preset variant's name, or null when the preset has none
 */
public record Cell(String variant, ThreadMode mode, int users, Integer tomcatThreads, Integer poolSize, Integer poolTimeoutMs,
                   boolean cepInsideTransaction, Integer concurrencyLimit, String hikariCp) {

    public String id() {
        return (variant != null ? variant + "-" : "") + mode.label() + "-" + users + "u";
    }
}
