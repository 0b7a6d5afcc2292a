package org.lexsync.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code lexsync help [COMMAND…]}: prints the help of a command at any depth, e.g. {@code lexsync help sync
 * resourcesync}. Exists because picocli's built-in help command only looks one level down, so the protocol
 * commands' own options ({@code --baseline}, {@code --exclude}, …) were hidden behind the generic sync help.
 */
@Command(name = "help", helpCommand = true,
        description = "Prints the help of a command, e.g. 'lexsync help sync resourcesync'.")
final class HelpCommand implements CommandLine.IHelpCommandInitializable2, Runnable {

    @Parameters(arity = "0..*", paramLabel = "COMMAND", description = "The command, with its subcommands.")
    List<String> commands;

    private CommandLine self;
    private PrintWriter out;
    private CommandLine.Help.ColorScheme colors;

    @Override
    public void init(CommandLine helpCommandLine, CommandLine.Help.ColorScheme colorScheme, PrintWriter outWriter,
                     PrintWriter errWriter) {
        this.self = helpCommandLine;
        this.colors = colorScheme;
        this.out = outWriter;
    }

    @Override
    public void run() {
        CommandLine target = self.getParent();
        StringBuilder path = new StringBuilder("lexsync");
        for (String name : commands == null ? List.<String>of() : commands) {
            CommandLine next = target.getSubcommands().get(name);
            if (next == null) {
                throw new CommandLine.ParameterException(self, String.format(Locale.ROOT,
                        "'%s' has no command '%s' (commands: %s)", path, name,
                        String.join(", ", target.getSubcommands().keySet())));
            }
            target = next;
            path.append(' ').append(name);
        }
        target.usage(out, colors);
        out.flush();
    }
}
