package dev.llmproxy.interfaces.proxy.cut;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * Steps through a server's own objects by name. The WAR does not compile against any server, so the one thing the
 * Servlet API cannot do (cut a connection) is reached this way, on the few objects each server is known to expose.
 */
final class Reflective {

    private Reflective() {
    }

    /**
     * Calls a public method by name and argument count, looked up where it is accessible (a public class or
     * interface); the arguments must fit its parameters.
     */
    static Object call(Object target, String method, Object... args) throws ReflectiveOperationException {
        return accessible(target.getClass(), method, args).invoke(target, args);
    }

    /** Makes an instance of a class that sits beside {@code neighbour} (loaded by the same class loader). */
    static Object create(Object neighbour, String className, Object... args) throws ReflectiveOperationException {
        Class<?> type = Class.forName(className, true, neighbour.getClass().getClassLoader());
        for (var constructor : type.getConstructors()) {
            Class<?>[] types = constructor.getParameterTypes();
            if (fits(types, args)) {
                return constructor.newInstance(args);
            }
        }
        throw new NoSuchMethodException(className + " taking " + args.length + " argument(s)");
    }

    /** An enum constant of a class that sits beside {@code neighbour}. */
    static Object constant(Object neighbour, String className, String name) throws ReflectiveOperationException {
        Class<?> type = Class.forName(className, true, neighbour.getClass().getClassLoader());
        return type.getField(name).get(null);
    }

    /** Reads a field declared on the target's class or one of its superclasses, whatever its visibility. */
    static Object field(Object target, String name) throws ReflectiveOperationException {
        for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    return f.get(target);
                }
            }
        }
        throw new NoSuchFieldException(target.getClass().getName() + "." + name);
    }

    private static Method accessible(Class<?> type, String name, Object[] args) throws NoSuchMethodException {
        Method found = publicMethod(type, name, args);
        if (found == null) {
            throw new NoSuchMethodException(type.getName() + "." + name + " taking " + args.length + " argument(s)");
        }
        return found;
    }

    /** A method declared by a non-public class cannot be invoked from here even when public: find its public origin. */
    private static Method publicMethod(Class<?> type, String name, Object[] args) {
        if (type == null) {
            return null;
        }
        if (Modifier.isPublic(type.getModifiers())) {
            for (Method m : type.getMethods()) {
                if (m.getName().equals(name) && fits(m.getParameterTypes(), args)
                        && Modifier.isPublic(m.getDeclaringClass().getModifiers())) {
                    return m;
                }
            }
        }
        for (Class<?> i : type.getInterfaces()) {
            Method m = publicMethod(i, name, args);
            if (m != null) {
                return m;
            }
        }
        return publicMethod(type.getSuperclass(), name, args);
    }

    private static boolean fits(Class<?>[] types, Object[] args) {
        if (types.length != args.length) {
            return false;
        }
        for (int i = 0; i < types.length; i++) {
            if (args[i] != null && !wrap(types[i]).isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }

    private static Class<?> wrap(Class<?> type) {
        if (type == int.class) {
            return Integer.class;
        }
        if (type == byte.class) {
            return Byte.class;
        }
        return type == long.class ? Long.class : type == boolean.class ? Boolean.class : type;
    }
}
