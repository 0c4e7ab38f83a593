package org.example.ctors;

/** Not splittable: the code before super(...) stores a local (an assignment in the argument). */
public class Child extends Base {

    public Child(int x, Runnable r) {
        super(x = x + 1);
        r.run();
    }
}
