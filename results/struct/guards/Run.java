import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** Runs an emitted JUnit guard's check(Class) on each class named, printing passes or the failure. */
public class Run {
    public static void main(String[] a) throws Exception {
        Method check = Class.forName(a[0]).getDeclaredMethod("check", Class.class);
        check.setAccessible(true);
        for (int i = 1; i < a.length; i++) {
            try {
                check.invoke(null, Class.forName(a[i]));
                System.out.println(a[i] + ": passes");
            } catch (InvocationTargetException e) {
                System.out.println(a[i] + ": FAILS: " + e.getCause());
            }
        }
    }
}
