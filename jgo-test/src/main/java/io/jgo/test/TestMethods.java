package io.jgo.test;

import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;

/** Binds a test method to its instance and arguments as a {@link Body}. */
final class TestMethods {

    private TestMethods() {
    }

    /**
     * A {@link Body} that calls {@code method} on {@code target} with {@code args}, through a
     * {@code LambdaMetafactory} forwarder defined in the test class's nest (so a package-private
     * test method is reachable).
     */
    static Body bind(Method method, Object target, List<Object> args) throws Throwable {
        Class<?> owner = method.getDeclaringClass();
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(owner, MethodHandles.lookup());
        MethodHandle impl = lookup.unreflect(method);
        boolean isStatic = Modifier.isStatic(method.getModifiers());
        MethodType captured = isStatic ? MethodType.methodType(Body.class, method.getParameterTypes())
                : MethodType.methodType(Body.class, owner).appendParameterTypes(method.getParameterTypes());
        MethodType erased = MethodType.methodType(void.class);
        CallSite site = LambdaMetafactory.metafactory(lookup, "run", captured, erased, impl, erased);
        Object[] values = new Object[captured.parameterCount()];
        int i = 0;
        if (!isStatic) {
            values[i++] = target;
        }
        for (Object a : args) {
            values[i++] = a;
        }
        return (Body) site.getTarget().invokeWithArguments(values);
    }
}
