package lab.vthreads.lab.cli;

import lab.vthreads.lab.stack.Factor;
import lab.vthreads.lab.stack.Factors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

import java.util.EnumMap;
import java.util.Map;

/**
 * The experiment's factors as command-line options, shared by {@code ./lab up} and {@code ./lab run}: one option per
 * row of the {@link Factor} table, added by {@link #install} to every command that mixes these in. An option left out
 * says nothing: {@code run} keeps the preset's value, {@code up} the service's default.
 */
// @Command only to be a mixin: picocli takes no class as one without an annotation, and the options are added at run time.
@CommandLine.Command
public final class FactorOptions {

    private final Map<Factor, Object> given = new EnumMap<>(Factor.class);

    /**
     * Adds the factors' options to every command under {@code root} that has a FactorOptions among its mixins, at any
     * depth, each option setting that FactorOptions.
     */
    public static CommandLine install(CommandLine root) {
        for (CommandLine command : root.getSubcommands().values()) install(command);
        find(root.getCommandSpec()).ifPresent(options -> options.addTo(root.getCommandSpec()));
        return root;
    }

    private static java.util.Optional<FactorOptions> find(CommandSpec spec) {
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.userObject() instanceof FactorOptions options) return java.util.Optional.of(options);
            java.util.Optional<FactorOptions> deeper = find(mixin);
            if (deeper.isPresent()) return deeper;
        }
        return java.util.Optional.empty();
    }

    /** One option per factor on {@code command} (which must not have them yet), each setting this object. */
    void addTo(CommandSpec command) {
        for (Factor factor : Factor.values()) {
            Factor.Cli cli = factor.cli();
            ISetter setter = new ISetter() {
                @Override
                public <T> T set(T value) {
                    if (value == null) given.remove(factor); else given.put(factor, value);
                    return null;
                }
            };
            OptionSpec.Builder option = OptionSpec.builder(cli.option()).description(cli.description()).type(cli.type()).setter(setter);
            if (cli.parse() == null) {
                option.arity("0").negatable(true);
            } else {
                option.paramLabel(cli.paramLabel()).converters(text -> {
                    try {
                        return cli.parse().apply(text);
                    } catch (IllegalArgumentException refused) {
                        throw new CommandLine.TypeConversionException(refused.getMessage());
                    }
                });
            }
            command.addOption(option.build());
        }
    }

    /** A command of its own with only these options: for a test that parses them alone. */
    public static CommandLine alone(FactorOptions options) {
        CommandSpec spec = CommandSpec.create();
        options.addTo(spec);
        return new CommandLine(spec);
    }

    /** What was given on the command line, nothing else. */
    public Factors factors() {
        Factors.Builder factors = Factors.builder();
        given.forEach((factor, value) -> factors.set(factor.key(), value));
        return factors.build();
    }
}
