package org.cachelinebench.charts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import org.cachelinebench.cli.CommandLine;

/**
 * The command line of a report that draws from a run's files: options only, {@code --help} prints the usage, each
 * file written is printed as {@code written: FILE}, and a problem is one line naming the command, exit 2.
 */
final class ReportCommand {
    private ReportCommand() {}

    /** Writes the report from the parsed options; returns the files written. */
    interface Body {
        List<Path> write(CommandLine.Parsed options) throws IOException;
    }

    /** Runs {@code body} on {@code args}; returns the exit status. */
    static int run(String name, CommandLine cli, String[] args, PrintStream out, PrintStream err, Body body) {
        try {
            CommandLine.Parsed p = cli.parse(args);
            if (p.help()) {
                out.print(cli.usage());
                return 0;
            }
            if (!p.positional().isEmpty()) {
                throw new IllegalArgumentException("unexpected argument " + p.positional().get(0) + " (see --help)");
            }
            for (Path written : body.write(p)) {
                out.println("written: " + written);
            }
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            err.println(name + ": " + e.getMessage());
            return 2;
        }
    }
}
