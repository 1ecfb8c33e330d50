package lab.vthreads.scenario;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A payload's CSV file, read whole: its header row names the fields, and every row must have them all. */
final class CsvRows {

    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).setIgnoreSurroundingSpaces(true)
            .setIgnoreEmptyLines(true).get();

    private CsvRows() {
    }

    static Payload read(Path path, Payload.Order order) {
        if (!Files.isRegularFile(path)) throw new IllegalArgumentException("no CSV file at " + path);
        List<Map<String, String>> rows = new ArrayList<>();
        List<String> fields;
        try (Reader reader = Files.newBufferedReader(path); CSVParser parser = CSVParser.parse(reader, FORMAT)) {
            fields = List.copyOf(parser.getHeaderNames());
            if (fields.isEmpty()) throw new IllegalArgumentException(path.getFileName() + " has no header row naming its fields");
            for (CSVRecord row : parser) {
                if (!row.isConsistent()) {
                    throw new IllegalArgumentException(path.getFileName() + " line " + row.getParser().getCurrentLineNumber() + " has " + row.size()
                            + " of the " + fields.size() + " fields (" + String.join(", ", fields) + ")");
                }
                rows.add(row.toMap());
            }
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException(path.getFileName() + " cannot be read as CSV: " + e.getMessage());
        }
        if (rows.isEmpty()) throw new IllegalArgumentException(path.getFileName() + " has a header but no rows");
        return new Payload(path, order, fields, rows);
    }
}
