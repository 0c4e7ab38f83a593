package org.example.retry;

/** The library's own callback interface (not a JDK one). */
public interface Task {

    int call(int x);
}
