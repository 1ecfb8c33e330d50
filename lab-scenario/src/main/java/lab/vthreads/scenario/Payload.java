package lab.vthreads.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A CSV file whose first row names the fields; each user takes one row.
 *
 * @param order {@code SEQUENCE}: row after row, from the top again after the last (the same rows in the same order
 *              every run); {@code RANDOM}: any row
 */
public record Payload(Path path, Order order, List<String> fields, List<Map<String, String>> rows) {

    public enum Order { SEQUENCE, RANDOM }

    public Payload {
        fields = List.copyOf(fields);
        rows = List.copyOf(rows);
    }
}
