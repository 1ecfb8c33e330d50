package lab.vthreads.lab.cli;

import lab.vthreads.lab.stack.RunningStack;

import java.io.PrintStream;
import java.util.List;

final class Table {

    private Table() {
    }

    static void print(PrintStream out, List<RunningStack.Row> rows) {
        int c = "component".length(), a = "address".length(), p = "PID".length();
        for (RunningStack.Row row : rows) {
            c = Math.max(c, row.component().label().length());
            a = Math.max(a, row.address().length());
            p = Math.max(p, pid(row).length());
        }
        String format = "%-" + c + "s  %-" + a + "s  %" + p + "s  %s%n";
        out.println();
        out.printf(format, "component", "address", "PID", "settings");
        out.printf(format, "-".repeat(c), "-".repeat(a), "-".repeat(p), "-".repeat(8));
        for (RunningStack.Row row : rows) {
            out.printf(format, row.component().label(), row.address(), pid(row), row.settings());
        }
    }

    private static String pid(RunningStack.Row row) {
        return row.pid() < 0 ? "-" : Long.toString(row.pid());
    }
}
