package lab.vthreads.lab.measured;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;

/**
 * What one module of the contract's implementations costs to read: its lines of Java, counted the same way in every
 * module (neither blank lines nor lines that hold only a comment).
 *
 * @param module         the Maven module
 * @param mainLines      under src/main/java
 * @param testLines      under src/test/java
 * @param beyondContract main lines in the files that serve only the lab's own switches and endpoints, not the contract
 *                       both implementations serve; the comparable figure is {@code mainLines - beyondContract}
 * @param beyond         those files and folders, relative to src/main/java
 */
public record CodeSize(String module, int mainLines, int testLines, int beyondContract, List<String> beyond) {

    public CodeSize {
        beyond = List.copyOf(beyond);
    }

    @JsonIgnore
    public int contractLines() {
        return mainLines - beyondContract;
    }
}
