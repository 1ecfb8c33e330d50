package lab.vthreads.lab.stack;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A settings record's components by their names, the names its YAML and its command-line options use: read them from
 * one record, and make a record from them through its canonical constructor, which validates as a direct call does.
 * What the builders of {@link Factors} and the preset share.
 *
 * @param <R> the record
 */
public final class ComponentsByName<R extends Record> {

    private final List<RecordComponent> components;
    private final Constructor<R> canonical;

    private ComponentsByName(Class<R> type) {
        this.components = List.of(type.getRecordComponents());
        try {
            this.canonical = type.getDeclaredConstructor(components.stream().map(RecordComponent::getType).toArray(Class<?>[]::new));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("a record has its canonical constructor", e);
        }
    }

    public static <R extends Record> ComponentsByName<R> of(Class<R> type) {
        return new ComponentsByName<>(type);
    }

    public boolean has(String name) {
        return components.stream().anyMatch(c -> c.getName().equals(name));
    }

    /** Every component's value in {@code record}, by name, in the record's order. */
    public Map<String, Object> values(R record) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (RecordComponent component : components) {
            try {
                values.put(component.getName(), component.getAccessor().invoke(record));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return values;
    }

    /**
     * The record with these values; one not given is null, or 0 for an {@code int}. The constructor's own refusal (a
     * pool of 0, a hold of 0 s) is thrown as a direct call would throw it.
     */
    public R make(Map<String, Object> values) {
        Object[] arguments = components.stream().map(c -> values.getOrDefault(c.getName(), c.getType() == int.class ? 0 : null)).toArray();
        try {
            return canonical.newInstance(arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException refused) throw refused;
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
