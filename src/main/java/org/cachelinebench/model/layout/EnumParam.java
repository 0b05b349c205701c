package org.cachelinebench.model.layout;

import java.util.ArrayList;
import java.util.List;
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
        List<String> good = new ArrayList<>();
        for (E e : values) {
            good.add(valueOf.apply(e));
        }
        throw new IllegalArgumentException(mustBe(param, good, value));
    }

    /** The one message for a bad value: "placement must be 'straddled', 'size-aligned' or 'line-aligned', not 'diagonal'". */
    public static String mustBe(String param, List<String> good, String value) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < good.size(); i++) {
            list.append(i == 0 ? "" : i == good.size() - 1 ? " or " : ", ").append('\'').append(good.get(i)).append('\'');
        }
        return param + " must be " + list + ", not '" + value + "'";
    }
}
