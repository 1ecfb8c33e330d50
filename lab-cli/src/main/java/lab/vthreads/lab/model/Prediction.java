package lab.vthreads.lab.model;

import java.util.List;

/** Every bound that applies to a cell, and the smallest of them: the predicted throughput and bottleneck. */
public record Prediction(List<Bound> bounds, Bound binding) {

    public double throughput() {
        return binding.throughput();
    }

    public Bottleneck bottleneck() {
        return binding.resource();
    }
}
