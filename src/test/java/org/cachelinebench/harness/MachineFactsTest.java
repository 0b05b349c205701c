package org.cachelinebench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.harness.MachineFacts.Commands;
import org.cachelinebench.harness.MachineFacts.Hypervisor;
import org.cachelinebench.harness.MachineFacts.Sources;
import org.cachelinebench.harness.pin.CpuTopology;
import org.cachelinebench.harness.pin.FakeSysfs;
import org.cachelinebench.harness.pin.ThreadPinning;
import org.cachelinebench.testing.MachineAssumption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine facts read from fake trees and fake commands, their JSON, and this machine's own. */
class MachineFactsTest {
    private static final String SHA = "9cdfc5307e3880202fe3f8ec0067a783332262aa";

    @TempDir
    Path tmp;

    @Test
    void aKvmGuestInAContainerIsSeenFromEverySource() {
        Path sys = FakeSysfs.twoVcpuVm(tmp.resolve("cpu"));
        Path cpuinfo = cpuinfo("AMD EPYC", "fpu vme de pse hypervisor lahf_lm", 2);
        List<String> ran = new ArrayList<>();
        Commands commands = (dir, command) -> {
            ran.add(String.join(" ", command) + " in " + dir.getFileName());
            return switch (String.join(" ", command)) {
                case "systemd-detect-virt --vm" -> new Commands.Output(0, "kvm\n");
                case "systemd-detect-virt --container" -> new Commands.Output(0, "docker\n");
                case "git rev-parse HEAD" -> new Commands.Output(0, SHA + "\n");
                default -> null;
            };
        };
        MachineFacts f = MachineFacts.read(new Sources(sys, cpuinfo, tmp.resolve("no-hypervisor"), tmp.resolve("repo"),
                commands));
        assertEquals(new MachineFacts("AMD EPYC", 2, 2, 1, 1, List.of("0-1"), 64,
                new Hypervisor(true, true, "", "kvm", "docker"), SHA), f);
        assertEquals(List.of("systemd-detect-virt --vm in repo", "systemd-detect-virt --container in repo",
                "git rev-parse HEAD in repo"), ran);
    }

    @Test
    void smtAndSocketsAreCountedFromTheTopology() {
        MachineFacts smt = read(FakeSysfs.smt(tmp.resolve("smt")), noCommands());
        assertEquals(List.of(8, 4, 2, 1), List.of(smt.logicalCpus(), smt.cores(), smt.threadsPerCore(), smt.sockets()));
        assertEquals(List.of("0-7"), smt.l3());
        MachineFacts twoSockets = read(FakeSysfs.twoSockets(tmp.resolve("2s")), noCommands());
        assertEquals(List.of(4, 4, 1, 2), List.of(twoSockets.logicalCpus(), twoSockets.cores(),
                twoSockets.threadsPerCore(), twoSockets.sockets()));
        assertEquals(List.of("0-1", "2-3"), twoSockets.l3());
    }

    @Test
    void bareMetalWithoutTheToolsIsNoGuestAndAnUnknownCommit() {
        MachineFacts f = read(FakeSysfs.twoL3(tmp.resolve("cpu")), noCommands());
        assertEquals(new Hypervisor(false, false, "", "", ""), f.hypervisor());
        assertEquals(MachineFacts.UNKNOWN, f.gitCommit());
        assertEquals(List.of("0-3", "4-7"), f.l3());
        // systemd-detect-virt exits 1 and prints "none" when it finds nothing; git fails outside a repository.
        Commands none = (dir, command) -> command[0].equals("git") ? new Commands.Output(128, "")
                : new Commands.Output(1, "none\n");
        MachineFacts g = read(FakeSysfs.twoL3(tmp.resolve("cpu2")), none);
        assertEquals(new Hypervisor(false, false, "", "none", "none"), g.hypervisor());
        assertEquals(MachineFacts.UNKNOWN, g.gitCommit());
    }

    @Test
    void xenSaysSoInSysHypervisorEvenWithoutTheCpuFlag() {
        Path hyp = tmp.resolve("hypervisor");
        FakeSysfs.write(hyp.resolve("type"), "xen\n");
        MachineFacts f = MachineFacts.read(new Sources(FakeSysfs.twoVcpuVm(tmp.resolve("cpu")),
                cpuinfo("Intel(R) Xeon(R)", "fpu vme", 2), hyp, tmp, noCommands()));
        assertEquals(new Hypervisor(true, false, "xen", "", ""), f.hypervisor());
    }

    @Test
    void noSysfsAndNoCpuinfoLeaveTheFactsUnknownNotAFailure() {
        MachineFacts f = MachineFacts.read(new Sources(tmp.resolve("none"), tmp.resolve("no-cpuinfo"),
                tmp.resolve("no-hyp"), tmp, noCommands()));
        assertEquals(new MachineFacts(MachineFacts.UNKNOWN, 0, 0, 0, 0, List.of(), 0,
                new Hypervisor(false, false, "", "", ""), MachineFacts.UNKNOWN), f);
    }

    @Test
    void theJsonNamesEveryFactAndReadsBack() {
        MachineFacts f = new MachineFacts("AMD EPYC", 2, 2, 1, 1, List.of("0-1"), 64,
                new Hypervisor(true, true, "", "kvm", "docker"), SHA);
        String json = f.toJson();
        JsonObject o = JsonParser.parseString(json).getAsJsonObject();
        assertEquals(List.of("cpuModel", "logicalCpus", "cores", "threadsPerCore", "sockets", "l3", "cacheLineSize",
                "hypervisor", "gitCommit"), List.copyOf(o.keySet()));
        assertEquals(Map.of("guest", true, "cpuFlag", true, "sysfsType", "", "detectVirtVm", "kvm", "container", "docker"),
                Map.of("guest", o.getAsJsonObject("hypervisor").get("guest").getAsBoolean(),
                        "cpuFlag", o.getAsJsonObject("hypervisor").get("cpuFlag").getAsBoolean(),
                        "sysfsType", o.getAsJsonObject("hypervisor").get("sysfsType").getAsString(),
                        "detectVirtVm", o.getAsJsonObject("hypervisor").get("detectVirtVm").getAsString(),
                        "container", o.getAsJsonObject("hypervisor").get("container").getAsString()));
        assertEquals(f, MachineFacts.fromJson(json));
    }

    /** This machine, checked against sources other than MachineFacts' own parsing where there are some. */
    @Test
    void thisMachine() throws Exception {
        Path online = CpuTopology.SYSFS.resolve("online");
        MachineAssumption.require(Files.isReadable(online), "no " + online + " (not Linux)");
        MachineFacts f = MachineFacts.current();
        assertEquals(ThreadPinning.parseCpuList(Files.readString(online)).size(), f.logicalCpus());
        assertTrue(f.sockets() >= 1 && f.cores() >= f.sockets() && f.cores() <= f.logicalCpus()
                && f.threadsPerCore() >= 1 && f.cores() * f.threadsPerCore() >= f.logicalCpus(), f.toString());
        assertFalse(f.cpuModel().isBlank());
        String flags = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("flags"))
                .findFirst().orElse("");
        assertEquals(List.of(flags.split("\\s+")).contains("hypervisor"), f.hypervisor().cpuFlag());
        if (Files.isDirectory(Path.of(".git")) || Files.isRegularFile(Path.of(".git"))) {
            assertTrue(f.gitCommit().matches("[0-9a-f]{40}"), f.gitCommit());
        }
    }

    private MachineFacts read(Path sys, Commands commands) {
        return MachineFacts.read(new Sources(sys, cpuinfo("Test CPU", "fpu", 1), tmp.resolve("no-hyp"), tmp, commands));
    }

    private static Commands noCommands() {
        return (dir, command) -> null;
    }

    /** A /proc/cpuinfo of {@code cpus} processors, as x86 Linux writes it. */
    private Path cpuinfo(String model, String flags, int cpus) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < cpus; i++) {
            s.append("processor\t: ").append(i).append("\nvendor_id\t: AuthenticAMD\nmodel name\t: ").append(model)
                    .append("\nflags\t\t: ").append(flags).append("\n\n");
        }
        Path p = tmp.resolve("cpuinfo-" + model.hashCode() + "-" + cpus);
        FakeSysfs.write(p, s.toString());
        return p;
    }
}
