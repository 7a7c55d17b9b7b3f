package dev.rosetta.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/** The program's shape; what it refuses is tested with the real bubblewrap (BubblewrapSandboxTest). */
class SeccompFilterTest {

    @Test
    void everyJumpLandsInsideTheProgramAndItEndsByAllowing() {
        for (SeccompFilter.Table table : new SeccompFilter.Table[] {SeccompFilter.X86_64, SeccompFilter.AARCH64}) {
            ByteBuffer program = ByteBuffer.wrap(SeccompFilter.program(table)).order(ByteOrder.nativeOrder());
            int count = program.capacity() / 8;
            assertThat(program.capacity() % 8).isZero();
            for (int i = 0; i < count; i++) {
                int code = program.getShort(i * 8) & 0xffff;
                int jt = program.get(i * 8 + 2) & 0xff;
                int jf = program.get(i * 8 + 3) & 0xff;
                if ((code & 0x07) == 0x05) { // a jump
                    assertThat(i + 1 + Math.max(jt, jf)).as(table.name() + " instruction " + i).isLessThan(count);
                }
            }
            assertThat(program.getShort((count - 1) * 8) & 0xffff).isEqualTo(0x06);
            assertThat(program.getInt((count - 1) * 8 + 4)).isEqualTo(0x7fff0000);
            assertThat(program.getInt(4)).as("it first loads the architecture").isEqualTo(4);
        }
    }

    @Test
    void machinesWithoutATableGetNoFilter() {
        assertThat(SeccompFilter.table("riscv64")).isEmpty();
        assertThat(SeccompFilter.table("amd64")).contains(SeccompFilter.X86_64);
        assertThat(SeccompFilter.table("aarch64")).contains(SeccompFilter.AARCH64);
    }
}
