import java.nio.file.*; import java.util.*;
import org.cachelinebench.claims.*; import org.cachelinebench.runner.*;
public class PeerCheck {
  static double[] d(String s) { return Arrays.stream(s.split(",")).mapToDouble(Double::parseDouble).toArray(); }
  public static void main(String[] a) throws Exception {
    Claim peer = new Claim("chunk-interleaved", "v2-reorder", "v6.5-merged", "reader", Expect.same(), "p");
    Claim aa = new Claim("chunk-interleaved", "v6.5-merged-again", "v6.5-merged", "reader", Expect.aa(), "aa");
    Map<String, List<String[]>> runs = new LinkedHashMap<>();
    for (String l : Files.readAllLines(Path.of(a[0]))) { String[] f = l.split(" "); runs.computeIfAbsent(f[0] + " live=" + f[1], k -> new ArrayList<>()).add(f); }
    runs.forEach((k, rows) -> {
      List<Judgment.Round> pr = new ArrayList<>(), ar = new ArrayList<>();
      for (String[] f : rows) { int r = Integer.parseInt(f[2]); pr.add(new Judgment.Round(r, d(f[3]), Double.NaN)); ar.add(new Judgment.Round(r, d(f[4]), Double.NaN)); }
      var v = Judgment.judge(List.of(new Judgment.Case(peer, pr, null), new Judgment.Case(aa, ar, null)), GateRule.CONFIDENCE);
      System.out.println(k + " " + v.get(peer.id()).status() + " " + v.get(peer.id()).reason() + " | A/A " + v.get(aa.id()).status());
    });
  }
}
