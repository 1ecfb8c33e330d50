package lab.vthreads.scenario;

import java.util.List;

/** One named sequence of steps a user runs from first to last; {@code weight} is its share of the users. */
public record Flow(String name, int weight, List<Step> steps) {

    public Flow {
        steps = List.copyOf(steps);
    }
}
