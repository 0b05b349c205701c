package org.cachelinebench.model.layout;

import java.util.function.Function;

/**
 * A benchmark parameter whose values are the constants of an enum, each with its value string: the one parser
 * for all of them, so that every bad {@code -p} value gets the same one-line message,
 * "placement must be 'straddled', 'size-aligned' or 'line-aligned', not 'diagonal'".
 */
public final class EnumParam {
    private EnumParam() {}

    /**
     * The constant whose value string is {@code value}.
     *
     * @param param   the parameter's name, for the message
     * @param values  the enum's constants, in the order the message lists them
     * @param valueOf each constant's value string
     * @throws IllegalArgumentException naming the parameter, its values and the bad value
     */
    public static <E extends Enum<E>> E parse(String param, E[] values, Function<E, String> valueOf, String value) {
        for (E e : values) {
            if (valueOf.apply(e).equals(value)) {
                return e;
            }
        }
        StringBuilder good = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            good.append(i == 0 ? "" : i == values.length - 1 ? " or " : ", ")
                    .append('\'').append(valueOf.apply(values[i])).append('\'');
        }
        throw new IllegalArgumentException(param + " must be " + good + ", not '" + value + "'");
    }
}
