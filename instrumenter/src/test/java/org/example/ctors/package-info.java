/** Test input for {@code ConstructorSplitTest}: constructors that may suspend after super(...), and ones that cannot be split. */
package org.example.ctors;
