/** The library of {@code io.jgo.it.leftout.app}, which {@code io.jgo.it.LeftOutPinTest} has the agent leave as written. */
package io.jgo.it.leftout.lib;
