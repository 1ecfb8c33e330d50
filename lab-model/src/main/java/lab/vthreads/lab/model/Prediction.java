package lab.vthreads.lab.model;

import java.util.List;

/**
 * Every bound that applies to a cell, and the smallest of them: the predicted throughput and bottleneck.
 *
 * @param notMeasured the resources the model could not bound because their cost was not measured (no /proc: the CPU),
 *                    so that the prediction says what it leaves out instead of treating them as free
 */
public record Prediction(List<Bound> bounds, Bound binding, List<String> notMeasured) {

    public Prediction(List<Bound> bounds, Bound binding) {
        this(bounds, binding, List.of());
    }

    public double throughput() {
        return binding.throughput();
    }

    public Bottleneck bottleneck() {
        return binding.resource();
    }
}
