-1 2 |c :0.5 ca13 :2 ca4:-1 |a ab14 ab37 ab36 ab25 |c
-1 2 t120| |c :1.5 ca34:.75 ca29:1e-1 ca23:2.5 |a	ab36
1 0.25 | |b	ba20	ba22:1e-1	ba37:.75	ba5 |a |c	ca36	ca28
-1 2 0.3 't975 |c:2 ca25:.75 |b:0.5 ba8:.75 ba17 ba26 ba24:-1 |a:0.5 ab31 |b:2
1 0.25 |a ab6:.75 ab25 ab12 |b color:green ba3 ba0 |c ca1 :2 |  d23  d7:0.3
-1 3 | d23
-1 't225 | d32 d14:1e-1 color:green |b  ba22:+2  ba1  ba30:2.5  color:green
-1 1 |c  ca0  ca22:+2  :2  ca12 |a ab21 ab25 |  color:red |b  ba38
1 2 0 't678 |b	color:blue |b:2
-1 3 | color:red d39:+2
id530110	1 0.25 |c
1 2 -0.2 |a ab35:-1 ab8:.75 ab25 ab20:0.3 | d19 |b:2
-1 2 0 't152 |	color:red	d27	d25 |a  color:green  ab23  ab21 |c |b:0.5 ba32:0.3 ba14 ba5 ba17:0.3
-1 0.5 | d4:2.5
-1 2 -0.2 |	color:blue	d15	:-0.25	:1.5 |c:0.5 ca13 ca28:1e-1 |b ba0 ba32 |a	ab27	ab31	ab25
-1 0.5 0.3 't372 |b |a ab18 ab15 |
-1 2 |c	color:green	ca5:.75 | color:red |a |c
1 0.25 |a ab39 ab9 |c:0.5 ca27 ca32 color:blue ca1 |a ab24 ab35:0.3
1 | |b ba13 |c ca24:0.3 ca18:0.3 ca12
-1 0.5 0.3 t236|b ba33:2.5 ba29:.75 ba35 |a:2 |a:1.5	ab17:.75	color:red	ab5
-1 |b:2	ba19:+2	color:green	ba20:0.3 |c  :0.5  ca18  ca23:0.3 | :2 d3:2.5 :-0.25 d9 |a ab32:2.5 color:green
-1 't560 |b:1.5	ba35	color:green	ba21:2.5 |a:1.5  ab15:2.5  ab35:+2 |c :2
1 2 t130|c ca16:1e-1 |a ab26:+2 ab13 ab17:2.5 |  d8:+2  d33  d13  :1.5
-1 2 0.1 t22|b:0.5  ba28:-1  ba14  color:blue  ba6 |c:0.5 |a:2 color:blue ab27 |  d12  d16:-1  d0  :-0.25 |a:2 ab15 ab33:-1
-1 t460|c  color:red  ca21 | color:green d32 :2 |b color:green |a ab11 color:green ab3 |a
1 't787|c:1.5  ca33 |b ba21:.75 color:red ba17 |c
-1 0.5 |c:2  ca28  color:green |b ba25
-1 t335|a:0.5 ab20 ab19:0.3 |a	ab16:.75	ab8:.75	color:blue
id292968	-1 0.5 |b:2	color:green	ba2	ba35:1e-1 |a:0.5 |a ab28:-1 color:green ab39:+2
-1 't4 |a:2	color:red	ab12 | d33 |
-1 | |b ba37
1 1 t668|b color:red ba2:1e-1 | d23:-1 d19 |a:0.5  ab31
-1 |a |c:0.5  ca26:0.3  ca12:.75 |b  color:red  ba25  ba23 |  :1.5 |a  ab32:-1  color:green  ab6
-1 |  d10  d14  d25  d12 |a ab25 |c
-1 t84|  d37:-1  d24:+2  d28:1e-1 |c:1.5  :2 |b:2	color:green	ba4
1 2 0.3 t926| |b ba7 color:green ba10:+2 ba14
1 0.5 t548|a	ab39:1e-1	color:green	ab12 |b  color:red  ba3  ba23
id2742	-1 0.5 |a:1.5 ab5:.75 color:blue | d37:+2 d0:+2 |a:0.5 ab27 ab32:2.5
id676964	-1 0.5 |  d19  d8  color:blue |b color:red |a  ab17
-1 0.5 0.1 't12 |b
1 2 -0.2 't87 |c color:green :0.5 ca30 ca34 |a:0.5	ab29	ab28	color:red | |b  ba3  ba35:+2
1 't584|c ca20 |a  ab15  ab34:.75
1 2 -0.2 't837 |b:0.5 ba1 |a color:red ab8 |b:2
1 t732|b ba2 |c |a:2  ab20:2.5
-1 0.5 0 |c |a |b | |a:0.5 |
-1 't905 |a color:green |b:2	ba20	ba6:.75	ba5:.75	ba1
-1 't978| d33:-1 d35:+2 d10:.75 d16:1e-1 |a ab29:+2 |c ca39:-1 ca9
1 1 0.3 | color:green d19 d17:-1 |a:2 |
-1 1 |b  ba26  color:red  ba11  ba7 |c:2 ca6 ca15:.75 |a	ab1:1e-1	ab33:+2	ab11 |	d6:0.3	d34:-1	color:blue |a	ab34:-1	ab30	ab23
-1 't721|	:0.5	d26:+2	d22 |c |b ba14 ba29:-1 color:red |a ab14 color:blue ab26 ab18:1e-1
-1 0.5 |c color:green ca31:.75 |a	color:green	ab5 | d22
1 t164|c color:blue | :-0.25 color:blue d28 |a  ab16  ab14:-1  ab31:1e-1  ab30
-1 t290|a	ab26:+2	ab11 |b |c :2 ca9:0.3 |	d6:+2
-1 3 |b	ba31:.75	ba32:2.5 |a ab21 color:blue ab8:1e-1 |
1 2 -0.2 't805 |c  ca39  color:blue  :0.5 |a ab26
-1 | :0.5 d36:1e-1
-1 0.5 |a:0.5
1 1 0.1 't300 |c ca36 color:blue
id764875	-1 0.25 |a:1.5
1 't598 |b ba28 ba10:-1 |a  ab26 |c	ca36:2.5	ca17:0.3	ca38 |c
-1 2 0.1 t810|a	ab0:2.5	ab17:.75	color:red |b  color:blue  ba31  ba34:0.3  ba35 |a  ab38:0.3
1 't600 |b:1.5 ba16 ba20 ba32:1e-1 color:red | d36:1e-1 d25:1e-1 |a	ab31 |c ca29 :-0.25 |c
-1 0.5 0.3 t805| d8 d2:2.5 color:green :0.5 |a	ab29:.75	ab38	ab25	ab5 |b:0.5  ba5 |c color:red :-0.25
1 't479 |c  ca19 |a  ab16:.75  ab23
1 3 -0.2 | d6:.75 |c |a color:red ab23 |
-1 0.5 0 |c |a  ab10:2.5  ab6:2.5 |a	ab13	ab30	ab7:2.5	color:green
1 0.5 0.3 t343|b:0.5 ba32:-1 ba0:1e-1 ba11:2.5 ba2:.75 | color:red |a ab5 |c:0.5	ca11:-1	color:blue	ca12
1 0.5 0.3 t893|	color:blue	d2:-1 |c	ca0	ca33:.75	ca4	:1.5
id628514	-1 2 |b:2 ba14 |a:1.5
-1 0.5 0.1 |a ab11 ab17
1 1 t230|c :2 | |a	ab15:2.5	ab27 |b ba20 ba9 ba22 color:blue |
-1 0.5 0.1 't256 |b
1 |b |c :-0.25 |a color:red ab8 ab26:1e-1 ab17:-1 |a  ab36  ab23
1 3 0.1 t756|b:0.5 ba0:2.5 color:green ba20 ba17:2.5 |	d4 |a ab3 ab24 ab22:+2 |c:0.5	ca21:+2
-1 0.25 0.3 t6|c  ca37  :2  ca9 |a	ab7	ab28:+2	ab18:+2
-1 3 t900|c:2 ca36:.75 |a:2 ab15 ab13:.75 |b  ba19:1e-1  ba34:1e-1  ba33:1e-1  ba27 |a:2 ab0:+2 ab33
-1 2 0 't646 |a ab20:2.5 |
-1 1 |	:0.5 |a	ab2	ab26	ab0	ab35:0.3 |c |b	color:blue
1 0.5 0.1 t357| |a ab29:1e-1 ab3:+2 ab37 ab9:+2 |
-1 |b ba28 ba39 color:red ba10 |c ca26:1e-1 ca31:0.3 color:blue |  d31  :0.5  color:green |a  ab18 |a:2  ab21:.75  ab4  ab27  ab35:-1
-1 't376 |  d34:-1
-1 t69|b  ba13  color:blue |a:0.5 ab15 ab38:1e-1 |c :-0.25 ca24 :1.5 ca0:.75
-1 t180|c:2  ca8:+2
id895638	-1 2 |c ca6:-1 ca7:2.5 ca14 |b color:red ba9:.75 ba2 ba19 |a	ab33	ab27:+2	ab36 |b:2
1 't520 | color:blue :2 |a
-1 't243 |c:1.5  ca11:1e-1  color:blue  ca15:0.3 |b:2
1 't369 |c ca9 |b |a  ab9
1 't756| |c:2 :-0.25 ca29:1e-1 ca18:-1
1 't104|a:1.5 ab0:2.5 ab18 ab39 ab16 |c
-1 1 -0.2 t167|c	ca8:1e-1 |b  color:red  ba36 |a ab27:.75
id420863	-1 0.25 |c color:red |b ba9:2.5 ba3 ba26 ba4:.75 |  d10 |a ab28 ab22
1 't226| d26 d30:+2 d8 d21:1e-1 |b:1.5 color:blue |c ca37 ca23:1e-1 |c
1 0.25 0.3 |a ab29 | |c ca4 ca8:1e-1 ca32 |b:1.5 ba29 ba25 ba10 color:green |a:1.5 ab23
-1 t836|b:1.5 color:blue ba0:2.5
1 0.25 0.1 t810|a:0.5 |b:2
id915428	1 0.25 |c	ca24:-1	ca16	ca17	ca0:0.3 |  d30  :0.5  color:blue
1 0.5 -0.2 | d39 |a  color:blue |b:0.5	ba22:2.5	ba21	ba30
-1 2 -0.2 't358 |c ca36 ca37 |a |b ba36 ba6 ba18:-1
-1 2 t479| d23 color:green |b ba28:.75 ba19 color:red |a ab36:1e-1 ab21 |c
1 2 t664|c:2 ca1 color:red |a color:green ab6 |b ba5 ba36 ba8:0.3 color:blue
-1 t26|c
id630790	-1 3 | |c color:blue
-1 't359 |a | d29 d17 d33:1e-1 d8:2.5 |c:1.5 ca6:+2 ca9:+2 color:red :1.5 |b	ba11 |c
-1 't842|c:1.5	color:red	:0.5	ca25 |b:2 ba24:+2 ba14 ba16 |a	color:red |  d31:-1  d10
1 't884|  d39:1e-1 |b ba3 |
1 't599 |b  color:blue  ba6:-1 |c
1 't993 |b:2 |c:2 | d27 |a color:red
1 2 0.1 't668 |b  ba4:0.3  color:red
-1 |a  ab20:1e-1  ab24:-1 |b | d39 d24
-1 0.5 0.3 't536 |a:1.5  ab0  ab30:1e-1  ab37:1e-1 |b ba4:.75 ba17 ba20 |  d14  d16  d30:+2  d33:1e-1
1 2 0 t711|b color:green ba23:.75 ba26 |  :-0.25  d33  d19
-1 't18 | d31:1e-1
id404076	1 2 |b:2 ba20:2.5 color:green ba33 ba31 |	d23	:2 |a
1 0.5 0.1 t607|a  ab4:0.3
-1 2 0.3 t787|a |c ca0 |b:2
1 |b:0.5 |b:2
-1 't877|c:2	ca12:1e-1	:-0.25 |a  ab19  ab25
-1 1 t59|  d23  d31:+2  d9  d21:-1 |c:2 ca3 ca20 :0.5 ca36:2.5 |a  ab39
id243969	1 0.25 |b ba35 |c color:red | :2 |a ab28 ab27 |c
-1 't496|a color:blue ab24:-1 ab18 |c |  d21:+2 |a:2 ab13 ab33 |
1 't112|c ca19 | |a	color:blue	ab3:-1
1 0.25 |b ba29:0.3 ba2 ba37 ba26 |c :1.5 ca10:+2
1 1 -0.2 't249 | d34 :2 |c ca34 |a color:green ab13 |b:0.5 ba15 ba0 ba3 ba36:-1 |a:0.5 ab27 ab39:1e-1 |b:2
1 2 0.1 t830|c
1 2 | |c:2 color:blue |b	color:red |a
id826797	1 0.5 |	d10	d31:-1
1 3 0 t575|a
1 2 0 't149 |a  ab5:-1  ab21  ab38 |b |c
1 3 -0.2 | :-0.25 :1.5 d28 d34:-1 |c  ca2 |b ba17:2.5 |a	ab39:.75
-1 't138|b	ba36:+2
id873985	-1 2 | d23:2.5 d24 |b  ba23:+2  ba3  ba7 |c color:blue ca2:2.5 ca8:0.3 ca9:-1 |a	ab37 |a  ab26  ab5  ab24
-1 1 0.3 t316| d3 |b	ba33	color:red
1 't45|a:1.5 ab25:2.5 ab30:2.5
-1 t401|c:0.5 ca25 ca18 |b |a  ab15:0.3  ab6 | |a  ab7
-1 0.25 t134|  color:green  d4 |a |c:1.5  ca27 |b ba8 color:blue
-1 3 0.1 't456 | d6:2.5 |b:2	ba33	ba7 |
1 2 0.1 | color:blue d21:1e-1 d14
1 t984|a  ab5  ab7
-1 't573| d39:.75 color:blue |b  color:blue  ba1
1 0.25 -0.2 't870 |c	:-0.25	ca22	ca10 |b	ba2	ba11 |a ab21 ab9 ab30:.75
-1 t249|c |b:0.5  ba24:-1  ba8:-1  ba7  color:blue |a	ab13	ab34	ab20
-1 't64 |b ba36:1e-1 ba28 |c  ca15:+2 |
id583203	1 1 |c :0.5
-1 3 0.1 't722 |b | |a:2	color:red |c
-1 |c |a color:blue ab13 ab27 |a	ab6:0.3	ab15	ab5	ab17:2.5 |b:2
1 1 0.3 |b ba29:.75 ba36 ba13 ba5 |c
-1 0.5 0.1 | :2 color:blue d17:-1 |a ab1 ab14:1e-1 ab21:0.3 |b:2
1 3 0.3 t942|b  ba5  ba13  color:red  ba16 | d28 |c ca15:2.5 ca1:0.3 |a ab37 color:blue ab25 ab4:0.3 |a
1 't63| d11 d6:.75 d20:-1 |c:0.5 color:red ca21:2.5 ca0 |b	ba37 |a:0.5  ab9
1 0.5 0 t120| d11 color:blue d23:2.5 |b:0.5 color:green |a:0.5  ab23:-1 |a ab15:2.5 ab30 ab31:0.3
1 't73 |a:2
-1 0.25 -0.2 t76|a |a:2 ab20
-1 t148|c |b ba16:-1 ba0 ba32 |
1 |b |a:0.5 |a	color:blue
-1 't140 |b:2 ba31 ba13 |c ca29:2.5 |a ab26 color:green |	color:red
1 2 0.1 |  color:green  :1.5  d10:0.3  d28 |a:2  ab14  color:blue |c
1 't476 |c ca7 ca15:.75 ca33 ca23 |b ba36:.75 color:blue ba16 |a:2 |
-1 0.25 0.1 |c	ca14 |b ba31:2.5 color:blue | |a	color:blue	ab4:.75	ab29	ab36:1e-1
-1 1 t609| d37 |b  ba16:-1  ba38
-1 0.5 t327|b:0.5 |c:0.5 ca15:0.3 |
-1 |	color:red	:0.5 |a ab32:.75 color:blue
1 0.25 -0.2 't768 | |a:1.5 ab14:1e-1 ab30 ab27
-1 2 0.3 't406 |b ba1 |a:0.5 ab12 color:green ab16
-1 3 0.3 t702| :1.5 color:blue |c
-1 0.5 |b  ba4:2.5  ba32  color:green |c:2 ca23 ca28 ca20 | |a:1.5 ab35
1 0.5 0.3 't167 |b
-1 | d21 d7:-1 d35:0.3 |c	ca24	ca14:-1 |a:1.5  ab12  ab8 |b color:green ba30
1 t383|a ab2 ab20
-1 0.5 0.3 |c |a:1.5	color:blue	ab32:+2	ab24:.75
-1 't921| d29:+2 color:green |a:0.5 |c |b  ba31  ba3  color:blue  ba19:.75
-1 0.25 0.1 |b ba0:+2 color:red ba34:2.5 | :2 :2 :-0.25 d22 |c:1.5 ca38 |a	color:blue	ab4	ab12:2.5
id142869	-1 0.25 | d3:0.3 color:red d13 d29 |b:2
-1 0.25 0.1 't889 | d29 :0.5 d10:+2 color:green |b:2 color:blue ba7 ba29 |c
-1 't87 |a  ab21 |c  color:red
-1 2 0 t660|  d28:1e-1  d30:2.5  d33:-1 |b ba9 ba10 color:green ba24
1 | d25 d39:2.5 color:blue d0 |b ba25 ba37:1e-1 |c  ca35 |a	ab39
-1 1 |a:2	ab24:1e-1	ab36 |a:0.5 ab17 ab18:.75 color:red ab12 |c
1 1 t123|	color:blue	d24:.75	:1.5 |a:0.5 |a:0.5 ab10 ab29
-1 1 t745|a:0.5 ab1:+2 |c ca3 ca33:1e-1 |b ba0 ba28:0.3 ba21 ba25 | d9 d11:+2 d10:+2 d0
-1 't903|b	color:red	ba39	ba37 |a  ab39:2.5  color:blue  ab17:0.3  ab2:-1 |c ca18:1e-1 ca27 ca0 :1.5
1 't787|a |a:2
-1 3 |a |a:0.5 ab8 ab24:-1 ab32:0.3 ab30:0.3
-1 't842 |b |a:0.5	ab10:-1	color:red |a ab4:+2 ab34:1e-1 ab13:0.3 ab30:2.5
-1 't972 | color:green d31:2.5 d23 |a	ab37:2.5	color:red	ab24:0.3 |c ca35 color:red ca13:.75
1 't13 |b ba15 ba37 | d4 |a:2 ab7 color:blue ab6:-1 ab37 |a  ab36:+2  ab32
1 t164| d32 d24:.75 |a ab17 ab9 ab23:+2
1 0.5 0 't422 |a color:red |
1 't202|c :-0.25 |b ba24 ba21:.75 ba14
id174025	1 3 |  d4:1e-1  d15:+2  color:green
1 0.25 |b ba2 ba3:0.3 |a:2  ab16:+2 |c
id979255	-1 0.25 | color:green d27:0.3 |a:0.5 |b:0.5  ba6  ba32:+2
-1 3 0.3 't867 |	color:blue	:0.5 |c:2	:-0.25 |a ab17 color:green |b:0.5 color:blue ba7:0.3 ba5:+2 |
-1 't750 |c color:green ca35 |a:1.5	color:red	ab27:+2	ab11	ab34 |	d33:.75	color:blue	d34:2.5 |b  ba2  ba30:2.5  ba13
1 2 -0.2 t276|a |b	ba26:0.3	ba38:1e-1 |c ca21:.75 |c
1 3 t20|a ab9:2.5 color:blue |c | :2 |b ba32:0.3
1 't725 |c:1.5 ca8:+2 :1.5
1 't217|a |
-1 2 0.3 t480|b	ba15:+2 |b:2
-1 2 0.3 |c ca39 |b ba24 color:green ba28 | d0 |a:0.5
1 't165 |c	color:green	ca21:1e-1	ca35	ca17 |b ba23 ba34 ba20 |a:0.5
-1 0.25 0 't820 |a ab29 |	d3	:1.5
1 t771|b:1.5	ba32	color:red | d30 |a ab12:1e-1 ab36
-1 't883 |b |a ab9 ab4:-1 ab1 ab39
-1 't749 |b:1.5 ba4:0.3 ba39 |a  ab17  ab5:-1
-1 't993 |	d34	d24:.75	color:green |b	color:blue	ba25:0.3	ba23:.75 |a:0.5  ab13:-1  ab31:+2
1 0.25 -0.2 |c ca7:.75 ca24:1e-1 |a:0.5 |  d38  d8  d10  d6:+2
-1 0.5 -0.2 |  d27 |a:1.5 color:red ab36 |c color:blue ca31 :1.5 ca2:+2 |a	ab38
-1 0.5 |b	color:green |c ca11:2.5 :2
-1 3 t229|	color:red
1 2 -0.2 |a color:green |b	color:blue	ba5	ba23	ba0:0.3 |c	color:red | color:blue |
1 't445 |c:1.5	ca10	:0.5 |  d11  d25 |b
-1 0.5 0.1 't27 |a	ab35	ab7:1e-1	ab28 |c	color:green | d10 d9:2.5 color:blue :0.5 |b ba19:1e-1 ba4:0.3 ba25 ba32:+2
1 3 t556|b	ba26:.75
-1 3 -0.2 t444|b |c:2  ca31  ca11:1e-1 | d19:1e-1 d32:0.3 :2 d14:2.5 |a ab32 ab19:2.5
-1 3 -0.2 | |
1 t988|b  ba33  ba26  ba12 |a  color:blue  ab35  ab18
-1 0.25 0.3 't885 |b:0.5 color:green ba30:2.5 ba38:2.5
1 |  d5:2.5  color:red |a  ab29:0.3 |c  :1.5  ca16:-1  :0.5
-1 't214 |b	color:red	ba29	ba22:.75 |c:1.5	ca36:+2 |	d6	:-0.25 |a	ab33:.75	ab29:.75 |c
-1 | :0.5 color:red :0.5 |b ba26 ba5 ba14:-1 |a  ab19:+2 |c
1 3 0.1 't440 | :2 d20 |c:0.5  ca16  ca39:0.3  ca34:1e-1 |b ba6 ba27:1e-1 ba1 |a  ab2:1e-1  ab38:2.5  ab0 |a ab24:0.3 ab3 ab19:1e-1
1 3 0.3 |c |a:1.5 |b  ba15:+2
1 0.5 0.3 |a	ab11:1e-1 |c | |a
id709338	-1 0.25 |c:2 ca9 ca7:-1 color:red |a ab33:2.5
-1 0.25 t119|	d9:-1	d1	d7	color:red |a ab18 ab29 |a:2 color:red ab0 ab25
-1 2 |c:1.5  ca23  ca8  ca4:2.5 | |a ab28:2.5 color:green ab39:0.3
1 3 -0.2 t294|a |  d7:1e-1  d5
-1 1 0 t770|a  ab32:0.3 |b
-1 0.25 |  d24:-1
1 0.5 |c ca22 ca26 ca10 | d34 d21:2.5 d20:.75 d28 |b	ba32	color:red	ba22 |a  color:green |b:2
-1 2 t9|a |	color:red	:-0.25	:-0.25 |c  color:red  ca11:-1  ca22:-1 |a	ab17:1e-1	color:blue
-1 0.25 t509|  color:blue  d36:2.5 |a
1 1 |c ca0:+2 ca18:+2 |b ba39 ba13 ba34:.75 |a	ab21:0.3	ab18 |c
-1 0.25 0.3 t88|c:0.5 ca17:+2 ca18:+2 ca35 ca16:+2 |	color:green	d1:+2 |a:2	ab32	ab8:-1
-1 't681 | d16 d11 d31:2.5 |a:0.5 ab38:+2 |b:1.5 ba12
1 't129 |a:2 |b ba31 color:blue
-1 't831|c color:red ca31:-1 |b ba14 ba6 ba9:0.3 |a:1.5 ab5:.75 ab34
1 |c ca37:.75
-1 0.25 0 't714 |a |b ba2 ba8:.75 |c:2	color:red
1 't308 |b ba31:-1 |a	color:green	ab17:0.3 |c:2 ca32 color:red ca14:2.5 |  :2
1 2 t505|c ca13 ca7:+2 |a ab33 ab37
1 't375 |a:1.5 |c:1.5	ca25	color:green | |b
1 't450 |c  :1.5  ca16:+2 | |a  ab7:2.5 |b |a ab37 ab39:-1
-1 1 -0.2 't884 |c | |b	ba39:-1	ba32
1 2 -0.2 |a:1.5  ab16:+2 |  d12 |b  color:red |c  ca30:.75  color:red |b:2
id659705	1 2 |a:1.5	color:blue |b  color:green  ba13  ba18 |a ab22:+2 ab3 |b:2
-1 0.5 -0.2 't376 |c :-0.25 :-0.25 ca19 |  d20  d17:2.5  d5  color:red |a	ab11	ab27 |a:0.5	ab33
-1 3 |a:2 ab23 | :0.5 |c ca18:+2 |b	ba9:1e-1 |a ab25:-1 |
-1 't56|b ba39:0.3 color:green ba1:1e-1 ba6
1 2 t710|a	ab2:2.5	ab20:+2	ab6 |	d33	d22:1e-1 |c
1 0.25 -0.2 't160 | d34 :1.5 :2 |b ba14
-1 |c  ca35:+2  ca2:2.5 |a:2 ab8:1e-1 ab33 ab0:+2 ab31
1 't465|b  color:blue  ba5:.75 |c	ca34	ca31:+2	color:red	ca7:1e-1 |a ab13:-1 color:red ab1:.75 ab18:0.3 |	d35	d38:+2
-1 t472|c ca32 |b color:green ba39:1e-1 ba21 |	d38:0.3	d21:+2 |c
1 |c ca16 ca1 |b ba35 ba23
-1 t957|c:0.5 |b:2  ba33 |a |a
id846765	-1 1 | |a ab11:.75 ab37:2.5 ab12:0.3
1 2 0 |c |b:0.5  color:red | :1.5
-1 't336 |b:0.5 ba11:1e-1 ba6 ba35:.75 |a  color:blue  ab26 |c	ca8	ca27	ca11:.75
1 't37|a:0.5	ab9	color:green	ab4:0.3 |c:1.5  ca29  :0.5  ca2 |	color:green |b:0.5	ba39:-1
1 |c ca1:+2 ca39 ca28 |b	ba29 | d1:2.5 d22:0.3 :2 :2 |a ab7 ab0:.75 ab34 |a  ab33
id977373	1 3 | d25:0.3 d27:+2 |c ca12:+2 ca33:0.3 color:green
-1 1 t635|b ba7 ba3:+2
-1 3 0.3 't665 |a:2  ab29  color:green |c  ca14
1 2 -0.2 |b |c
-1 |a	ab32 | d0 d14 :2 |b color:blue ba35:0.3 ba20
1 1 -0.2 t400|b  ba7:-1  ba24  ba12:2.5 | color:green d6:.75 d11 |a  color:blue  ab13 |c
-1 3 -0.2 't788 |b:0.5 |a	ab38	ab6	ab15:1e-1	ab33:2.5
1 't545|b	ba28:-1	ba30:-1	ba4	ba27:.75 |  d16  d31  d2
-1 0.25 t542|
1 0.25 0.3 't384 |b:0.5 color:green ba26:.75 |c  color:green  ca8:1e-1 |a ab37 ab15 ab2:+2 color:blue
-1 1 0 |c ca11:.75 ca35 :2 |a ab16 ab7 ab22 ab14:.75
1 't9 |b	ba29:0.3	ba25	ba15:1e-1 |a ab3 ab10:-1
-1 | :2 d28:-1 d7:-1 |a:2 color:red ab20 ab24 |b:0.5 ba39 ba6:0.3 ba27 |a:0.5
1 't121 | |c |b ba15 ba38:+2 |
1 't116 |b |a:0.5 color:red ab15:1e-1
id54955	1 0.25 |b	ba24	ba25 |c:2 |
-1 't364|b ba20:1e-1 ba31 ba5:2.5 ba16
1 3 0.1 't119 |a:1.5 ab37 ab39 |b  ba39:.75  ba19:-1
-1 |  d26  d1:1e-1  d18:0.3  d3:.75 |c |b ba39 |a  ab15:-1  ab25  ab23
1 3 |c:0.5	color:blue	ca5	ca29:.75	ca9:-1
-1 't489|c |a |  d24  d31:0.3  d11:1e-1  d9 |b:2 ba16:+2 ba14:.75 ba17 ba19:+2
-1 't391|b  ba3:+2 |c:2 ca37 |	d19 |a
1 |	d7:+2	color:blue |b	ba14	ba0:.75 |a:0.5	ab17	ab27:1e-1	ab28	ab3
-1 2 -0.2 't8 |  d12  :-0.25  d4:1e-1  d7 |b:1.5 ba17:0.3 |c	ca27:2.5
1 1 |b:2 ba0:-1 ba13 ba20 ba32 |c  ca12:1e-1 |a:2 color:red ab30:+2 ab3
1 t692|a:2  ab30  color:red  ab32  ab25 |b ba2 |c ca6:.75 ca26:2.5 ca33:2.5 :1.5 |
1 t757|	d7	d31:.75	d21	d14:.75 |a ab27 ab5:2.5 ab30 color:red |b:0.5	color:red
-1 1 |b:0.5 ba23 ba16 |a	color:green	ab39:2.5
-1 t526|a:1.5 |b:2 ba20 |c:0.5 ca13 ca11:1e-1 ca12:0.3 color:blue
-1 0.25 0.1 t600|c ca2:2.5 color:blue :1.5 | d32 |b:2 ba10 color:red ba27 |a
id509362	1 2 |	d30	d5	d27 |b:0.5 ba2 ba23:1e-1 ba35
-1 3 0.1 t552|a:1.5 |c:1.5 |a ab26:1e-1
1 0.25 0.3 t878|b |c |a color:blue ab12:.75 | d25:0.3
id576738	1 0.5 |a color:red |c:2 | d11:+2 d12:.75 d14 d7 |b:2
1 0.5 t70|c:2 :2
-1 1 |b:0.5 color:green ba23 ba2 |c:2 |a |
-1 't368|c:2 ca33 |a:2	ab39:0.3
-1 't481|a color:red |	d5:2.5	:2	d4	d9 |c:0.5	ca16	ca13:-1	color:blue	ca0:+2
-1 0.25 -0.2 t975|c:1.5 ca7:.75 :-0.25 |b ba25:2.5
1 't888|a:2 ab36 color:red ab18:.75 |
-1 t130|a:1.5 |b ba6:0.3 color:blue | d4 d2
id970826	-1 0.5 |	:0.5	:1.5	d8:2.5 |c  ca3  ca34  ca32:1e-1  ca18:2.5
1 0.5 0.3 |a |b ba38 ba20:.75 |	d28	d18:2.5	color:blue	:1.5 |a  ab18:2.5  ab4:-1  color:red  ab16
1 2 0 t237|b:2	ba39 | |c |a color:blue
1 1 t468|b  ba32  color:blue
1 t180|  d29  :0.5  :0.5  d16 |a ab22:-1 ab18:.75 |c	ca32	ca10:+2 |b  ba7  ba9:.75  ba26
1 0.25 |b color:green |c:0.5 | d15:+2 d9:0.3 |
1 t817| |c:1.5 ca5 color:red :-0.25 |c
id837262	1 0.5 |b ba13:+2 ba7 color:blue |c:2 color:blue ca1
id151848	-1 1 |a:2  ab12  ab31  ab13:2.5 | d29 |c color:blue ca10:+2 ca31 |b
1 |c:1.5 ca25:0.3 ca3:0.3 ca20 | |a:2  ab7  ab34  ab33:-1  color:red
1 |b	color:green |a
1 |b |c:1.5  ca1:1e-1  ca16:+2 |  :2  :1.5  :-0.25 |a:1.5 |a	color:blue	ab7:0.3	ab6
1 3 0.3 |a ab5 |  d26  color:green  d28:.75 |c  :0.5  ca17  color:green  ca30 |a	color:green	ab21
-1 2 |a ab2:1e-1 color:blue ab3:0.3 |c :-0.25 color:red | |b:2	ba21:0.3	ba22	ba33:.75 |c
-1 t279|c:2 ca38 ca25 ca31 |c
1 1 |a ab1:-1 ab19 ab20 ab12 |c |  :1.5
-1 t997|c color:blue ca38:1e-1 |b:1.5 ba0 ba31 |a
-1 t461|	d3	d32	d15 |a |b:2
-1 2 0.1 't61 |a:1.5  ab21:0.3 |c	color:red |b ba4:+2 ba20 |  d17:+2 |b:2
1 1 |c:1.5 :-0.25 |a  ab31  ab4
-1 2 -0.2 t538|a	color:green	ab36	ab21	ab38
-1 0.5 0 t672|a  ab30  color:red  ab6  ab9 |  d36:0.3  d13:1e-1 |b:2 ba4 color:blue |c	ca36:2.5
-1 t404|c  ca39  :1.5  ca37:.75 |a |a	ab18	ab25:1e-1 |c
1 2 |c:2  ca33  :0.5  :-0.25  ca8:-1 |b |a ab39:-1 |a:1.5	color:red
-1 2 -0.2 't941 |a  ab14:-1  ab27  ab28 |b:1.5  ba14:0.3
-1 't598 |c :0.5 ca29:2.5 | |a  ab9  ab30  ab10
-1 't439 |b	ba38:1e-1	ba34 |c |a ab2 ab26:1e-1 ab12 |  d31
1 3 0.3 |c:0.5 ca12 ca31:1e-1 |  :0.5  d14 |a	ab24:.75	ab15	ab26:2.5 |a ab3
-1 3 0 't701 |c ca32 ca11:0.3 ca36:2.5 color:blue |a:0.5 ab12 ab24
-1 0.25 0 | color:blue |b ba8 ba13:2.5 color:red |c:2  ca20:1e-1  ca11 |a |c
1 0.5 0 't598 |a color:red ab26:+2
-1 't953 |a ab27:.75 color:green |c:2 ca7:1e-1 |b color:green
-1 0.5 0.1 t610|c ca31 ca3 |b ba31:+2 ba18:1e-1 ba3 |b:2
-1 |c ca5 ca6:+2 ca28:1e-1 :0.5 |b color:red ba38 ba7 |
1 0.5 0.3 |c:0.5	ca32:0.3	ca16 | |a:1.5 color:red ab32 ab39:0.3 |b  color:blue  ba7  ba27:0.3
1 't329| |b:0.5	ba23	ba18:-1	ba32:2.5	ba3
1 0.5 |b |a ab25 |c |	color:red	d22 |a:1.5	ab2	ab9
-1 t752|a |  d19  color:blue  :0.5 |b |c color:red ca4:.75
1 't646 |b  ba18 |a  ab5:1e-1  ab26:+2  color:red |
1 0.5 -0.2 t718|b  ba15  ba24:0.3  ba30 |a |c:2 ca31:0.3 ca5:.75 ca12:2.5 |	d33	d12
id801815	1 0.25 |b:2	color:blue	ba19	ba0 |c ca6:-1 ca16:-1 |a  ab1  ab37:.75  ab33  ab38
1 0.5 -0.2 t386|b	ba37	ba23 |c:1.5 ca26:-1 color:green ca9 | d25:+2 d34 d5 d21:0.3
1 2 t413|a ab21:1e-1 ab19 ab16 |c:1.5  ca24  ca25  ca28 | |b:0.5 ba12:-1 ba25 |a:2 ab3
1 3 -0.2 |a	ab15	ab16:+2	ab32	color:red |b | d2 d7:-1 d9 |c  color:blue  ca12 |a	ab20
-1 0.25 0.3 't902 |a |b | d33:+2 d30:.75 d4:2.5 |c  ca28 |
1 0.25 0.3 t450|a:1.5
1 0.5 0.1 |c:1.5 |	d6:0.3	d5	d16 |a	ab6	ab17:0.3	color:red
1 t580|a |c	ca25:2.5	ca15:1e-1	ca28	ca10:.75 |	d11	d34:.75
id637512	1 0.25 |b	ba39:-1	color:blue	ba2	ba27:-1 |	d7	d3	d21:0.3	d27:1e-1 |a  ab38:+2 |
-1 't296 |a:2 |b  ba28:2.5  ba6  ba0 | |c	ca30	:1.5 |
1 0.5 -0.2 t414|a | d27 :0.5 d20:.75 d38:-1
1 3 |a ab11 |b |c |b:2
1 0.5 0 't670 |c |a:2  ab14:-1  ab7:1e-1 |b | |a:2
1 0.25 0 |b:2  ba29  ba24:0.3  color:blue  ba33:-1 |a ab27:-1 color:green |	d26	d30:-1 |c	ca10:.75	:1.5 |a:0.5  ab22:2.5  ab7
-1 0.5 0 't787 |c:2  color:green  ca35:.75
-1 't373 |	color:blue	d2	d28	d27
id447581	-1 2 | d37:-1 d29:1e-1 d35 d6 |b:0.5 ba18:2.5 |c ca15 ca19:1e-1 color:red ca4:-1 |
1 3 0.3 't503 |b |	color:blue	:1.5
1 't408 |a  color:blue  ab1 |c:2 ca25 ca30:-1
1 1 0.1 | color:red |c  ca34  ca23  color:red |b ba10 |a:1.5  ab27 |a ab1:1e-1 ab23 ab26:-1
-1 't277 |  :2 |c ca6:-1 ca13:2.5 ca3:+2 |a ab17:-1 |b ba13 ba16:+2 ba11:0.3 ba21:.75
id757740	-1 3 |c	:0.5	ca2	:2	color:green |  d7:0.3  d38  d25  d35:2.5 |b ba30 |a  ab33  ab23:+2  ab36
id725682	1 2 |a:1.5  ab34  color:red |  d11  color:green  d22
-1 0.5 0.1 t932|a:1.5 ab12 ab0:2.5 | d35 :0.5 |b  ba32:0.3  ba14 |c
-1 't533|b  ba13 |	d27:2.5	d17:-1 |a  ab36 |a
-1 3 0 t221|b ba16 |a:2 ab13:2.5 ab0 ab39 |
1 't614|  color:red  d34:-1  d21:0.3
-1 3 0 't833 |c ca23 ca27 |b:2 ba23:-1 ba6 ba35 |a  ab4:2.5  ab26
-1 2 -0.2 t373|b:0.5 |c ca5:1e-1 :2 ca39:0.3 ca19:+2 |
1 't101|a:0.5 ab27:2.5 ab15 ab20:0.3
-1 2 0.1 t641|c |a	ab32	ab38	ab18	ab1:.75
1 t342|a:1.5	ab38	color:green	ab14:1e-1 |b:1.5 ba11:.75 color:green ba36 |c color:red |  d1:1e-1  :0.5  color:blue  d22
-1 2 0.1 |a:2 color:green
-1 0.5 |b ba34 ba3 color:red ba26 |  d19:2.5
id917052	-1 1 |b:2  ba27:1e-1  ba31  ba32 |a:0.5 ab23 ab10 |c |a:1.5	ab32:-1	ab28	ab33:1e-1	color:red
1 |  :1.5  d37:0.3  d15 |a	ab17:1e-1	color:green	ab26
id313855	1 3 |b:1.5	ba15:.75	ba17:+2
-1 't649 |a  ab18  color:blue  ab5  ab33:1e-1 |b  ba17 |c | color:blue d1:2.5 :2 |a ab32 ab22:-1 ab39 ab21 |c
-1 1 0 't483 |a  color:blue  ab38 |b	ba24:1e-1	ba27:+2
1 2 0.3 t979|b	ba5	ba25 |c:1.5 |a  ab8  ab26
id702319	-1 3 |a |b:2
-1 't309|	d29:2.5	color:red |c |a	ab0:-1	ab34	ab20:.75 |b ba6 ba35 |a ab6 ab32:-1 ab38:-1 color:green
1 3 0.1 |a color:blue ab21:1e-1 ab9:1e-1
1 0.5 t879|	d14:0.3	color:blue	d1:+2 |a  color:green  ab38:+2
1 |b:0.5 |	d37	d18:2.5 |c color:green :0.5 |a  ab0:2.5  ab14  ab36  ab29
-1 't178 | |b color:blue ba6 |a |a ab13 ab27:1e-1 ab10
1 0.25 0.3 |b	ba10:+2	ba39 |a:1.5	ab14	ab38:1e-1
-1 t177|c | :1.5 d19:2.5 |a ab15 color:blue
-1 2 |c ca18:.75 color:red ca2 |c
1 0.5 -0.2 |b  ba35  ba34:2.5  ba8:-1 | |a  ab16:2.5  ab15  ab0:0.3
-1 3 -0.2 't357 |  color:green  d39 |b |c
-1 0.5 -0.2 | |c ca24:1e-1 ca8 ca31 :1.5
-1 't60| |a |c  ca20:-1
-1 0.5 t518|	d9	color:blue	d37 |b:2
1 't215 | d2 d7 |b:2
id924534	-1 1 |b ba28:2.5 |  d26 |a:0.5  ab35  ab7:.75  ab2:-1  ab17
1 t200|c:1.5	ca32:1e-1	ca15:-1	ca34:-1 |a ab3 ab35 | d22:0.3 d19:0.3
-1 0.5 t189|a:1.5 ab14 ab16 ab35:+2 |  d3  d28 |b:2
1 't259 |c:2	ca35 |a ab10:+2 ab38:2.5
-1 't28 |  d29:0.3  d25:+2 |a:1.5
-1 0.25 |b:1.5  ba8 |
id645718	-1 2 |c ca38:+2 :1.5 |a	ab37	ab5	color:blue	ab22
id247664	-1 3 |b
1 3 0.1 |	d19:2.5	d17	color:red |b color:green |c ca4 :0.5
-1 0.5 0 |b:2	color:blue
-1 0.25 0 't589 | d28 d20 d38 |c	ca29:-1	ca11:-1	ca6	ca25 |b ba11 color:green ba25
-1 |a:0.5	ab12:1e-1	ab14:+2
-1 't788 |c:2 |a color:green ab15:1e-1 |a |
-1 3 0.1 't201 | d36 d14:.75 |b  ba25 |a ab7
-1 |c  ca28:0.3  :0.5  ca0:-1  ca19:0.3 |a:1.5	ab5:-1	ab27	ab25 |b ba33 ba25 color:green ba30:2.5 |  color:red  d26:.75
-1 |a ab1 ab36 ab21:2.5 |b ba29:-1 ba35 color:blue ba3 |c:0.5  ca22:2.5  ca29:0.3 | |c
-1 2 0.1 t329|b:0.5 ba19 color:green ba23 |c:2 color:blue
1 2 -0.2 't185 |a  ab12:1e-1  ab19
1 2 0.3 |a	color:red	ab30	ab31	ab37 |a
-1 2 -0.2 't761 |b:2 color:red |c ca5:.75 ca17 |a ab13 ab34 ab8 | d11:1e-1 d15:+2 d30:.75
1 3 t397|b	ba22 |a  ab24  ab31  ab32:1e-1
-1 |c |a ab14:0.3 ab37:.75 |  d19:-1  d24
-1 't263|a  color:green |a  ab32
1 't800|b:1.5	ba37:+2
1 2 -0.2 t964|b	ba18:0.3 |c :-0.25 |
-1 1 -0.2 | |b:0.5 ba38 ba6 ba12:-1 |a |b:2
-1 't207|b ba27 |	d24:1e-1 |c :-0.25 :1.5 color:green ca38 |a	ab6	ab12:0.3 |a ab32 |b:2
1 't1 | color:red d9 d6 |b ba7 |c:2 ca12:.75 color:green ca24:2.5
1 1 |c ca26:0.3 ca36:.75 ca29:2.5 |a ab30:1e-1 |b ba13 color:green ba19:0.3 | |c
1 |a	ab29 |c
1 't996 |a	ab17:.75	ab7:-1	ab24	ab37
-1 |b  ba31  ba26:2.5  color:blue |a ab15 ab1 ab29:2.5 |c	ca8
1 0.25 -0.2 |c:0.5	color:red	ca20 |	d24:.75	d15:2.5 |a	ab2:.75 |b
1 1 -0.2 't328 |a |b | d17 |a:0.5 ab32:2.5 color:green ab28 ab24
1 t234|a ab22 ab7 color:blue ab36:+2
1 1 0.3 |a  ab31  ab16:0.3  ab13 |c |b:2
id201037	1 0.25 |a  ab16  ab35:.75  ab22 | color:red d19 d6 d27
-1 3 t238|	:2	color:green |a  ab16  ab1:1e-1  color:red
1 t807|a:1.5 ab17 ab10:1e-1 ab26 |b	ba19 |c:0.5 ca33 |a:0.5 ab22:0.3
1 |c:2
1 0.25 -0.2 't782 |b
1 't942| |b:1.5	ba27	ba36	ba30	ba1:-1 |a:2 |a ab7 color:green
1 1 -0.2 't920 |b ba4:1e-1 ba26 ba29 ba23 |a:1.5  ab24  ab8:+2  ab28 |c	color:blue |	d0:+2	d33:0.3	d12	d14 |a color:green ab0:.75 ab16:1e-1 ab7
1 't368|a ab8:.75 color:red | |a ab29:0.3 ab15 ab14
1 't828 |c ca0 color:blue
-1 t992|b	color:blue	ba25:1e-1	ba4	ba5:0.3 |c	color:blue	ca31:+2	ca29:+2 |a:2
1 |c :0.5
-1 't872|c |	color:blue	d32:1e-1 |
-1 't59|c:0.5 |	d7:2.5	d34:1e-1	d39 |b:1.5 ba33:1e-1 ba3 color:green |a:1.5 ab9 |c
-1 |c ca27:0.3 :1.5 ca9 color:green |b:1.5	ba25 |a ab34:.75 ab11 | |a ab19 ab4:.75
-1 0.5 0.3 t152|a ab2
id273300	1 1 |c	:0.5 | d14 d36:2.5 d16:0.3 d30:+2 |a ab35:2.5 ab11:+2 |b ba13 |a color:blue ab24:2.5 |c
1 't500|a  ab33  color:green  ab14 |b:2	ba0	ba14:2.5	ba9:2.5	ba24:-1 | d1:1e-1 d19:+2 d29 d7
id396707	-1 0.5 |b:1.5 ba27:+2 ba13 ba7 ba21 |  color:red  d20  d22:.75  d12:0.3 |c :0.5 |a ab17:.75 color:green ab37
-1 3 0.1 t371|c	:-0.25	color:red	ca29 |  d16  d8  d13 |a |a:0.5 ab27:.75 ab35 |c
id333777	1 3 |a
1 |b:2	ba22:+2 |c:1.5 | color:red |a
1 3 t800|c |b |a:0.5  ab2  ab23  color:red
-1 |c:1.5  :2 |b ba30:-1 color:blue ba8 |a ab18 ab3 |a:1.5  ab12  ab37  ab15:-1  ab6
-1 0.25 0.1 |a |b:0.5 |c ca10:-1 ca39:2.5 :-0.25
1 |b  color:blue |a  ab37  color:blue  ab21:.75 |c	color:green	ca16:-1	ca22
-1 't218|a color:red ab23 |c |b |  d34  color:red |a:2	ab2
1 |	d38:1e-1	color:green	d19:-1	d2 |c ca0 ca32 |a  ab39:1e-1  ab0 |
1 't920|b	color:red |c color:green :1.5 ca14 |a  color:red  ab4  ab1:+2 | d23
id794346	1 0.25 |b ba24 ba35 ba17
1 3 0 |a ab3 ab9 ab16 | d18:+2 d21:+2 d10:.75 d37:1e-1 |c:0.5 :-0.25 |b  ba21  ba27:+2  ba28 |b:2
1 1 |b ba4:+2 |a  color:blue  ab16:-1 |c |	d0	d8
-1 1 0.3 |c |  d3:2.5 |a ab0 ab34 ab1:.75 color:red
1 't308|a color:blue ab7
-1 0.5 0.1 't428 |b  ba15:1e-1  ba1  ba21:+2 |b:2
1 | d11 d26:2.5 d23:+2 |c  ca17  ca38  ca39  ca12:0.3 |a:0.5  ab33:+2  color:green  ab32 |b
1 't422|b ba35:.75 ba6 ba5 ba21:.75 |c  ca19:2.5  ca13 |a:1.5	ab29	color:green
id276050	1 1 | d10 d15:.75 d3:+2 |b  ba13:2.5  ba15  ba30:2.5 |c |a ab20
-1 3 t809|a color:green ab9:-1 |a	ab21	ab4:-1	ab11	ab24:-1
-1 1 t985|c:0.5 |a:2  ab35:0.3  ab14  ab5:0.3  color:blue | d1:2.5
-1 0.5 0 |c |  :1.5  d5:2.5  d35 |a  ab17  ab16:0.3  color:green
-1 0.5 0.1 |b:2 ba13 ba36 ba14:-1 ba2:2.5 |a	ab15	ab2	ab38	ab0:1e-1 | d27:.75 |c ca39:.75
-1 2 0 | |b  ba19:2.5  ba8 |b:2
-1 2 0.1 |a:0.5
-1 2 0.3 | d29:0.3 |c ca39 color:green ca22 |a  ab5  ab27  ab13:2.5  ab18 |b:2
-1 t737|c:1.5 |a
-1 1 t29|c  ca14 |a |  d24  :-0.25  :1.5
-1 3 t334|a:2 color:red ab2 ab19 ab23
1 2 0 't247 |c:1.5
-1 0.5 t293|a:0.5 |b:2	ba16	ba26:2.5	ba27 |
1 0.25 t989|c	ca28	:-0.25	ca30	color:green |a ab26 color:green ab12 ab27:2.5 |a:0.5	ab25:0.3	ab36:+2
-1 | |b  ba30  ba3:.75  ba1:0.3  ba9:2.5
1 0.5 t289| color:green d10 |
-1 1 0.3 t534| d5:1e-1 d12 |c:0.5  :1.5  ca17  color:red  ca13:1e-1 |b	ba14	ba16 |a:1.5 color:red |c
-1 1 t85|b |a	color:green |c ca29:+2 | d28
1 3 -0.2 |	d34:1e-1
-1 2 t943|c :2 | color:red d37:0.3 |b:2 ba5:0.3 |a:2
-1 0.5 t200|c	ca26:1e-1	ca2:1e-1	:1.5	:1.5 |b |  d14:-1  d24  d28:+2  color:red |a:0.5  ab18:.75
1 't185 |a	ab5:.75	ab36	ab8:.75	ab3 |c |b |  :2  d33:2.5  d14
1 't159 |	d14	color:red	:-0.25 |b:2
1 't102 |a:2 ab12 |c:1.5	ca30	:0.5	:0.5 | |b  color:red  ba28 |
1 't328 |a |  d32:-1  d13:2.5  d8 |a:0.5	ab5:-1	ab13:0.3	ab28
-1 |b:0.5 | |c ca31:0.3 :1.5 ca19
id105477	-1 3 |c:1.5 :0.5 :1.5 ca11 color:blue |a:0.5 ab19:+2 color:blue ab28 ab12
-1 1 -0.2 t72|	color:red	d1:2.5	d37:2.5	:2 |c	:2	ca28:1e-1 |a  ab1:0.3 |
1 t625|c:1.5	:-0.25	ca29:-1	ca8	ca19:-1 |a:0.5 |b	ba22:0.3	ba31:+2
-1 t767|a:2  ab37 |a:2 ab28 |
-1 |a ab2:2.5 ab37 |c |a ab28:1e-1 ab4 ab15
-1 t420|a	ab8	ab21 |c	:0.5	ca24:.75	ca26:+2 |b:2	ba5:+2	ba3
-1 't840|c:2  ca19:2.5  ca38:0.3  ca34 |b:1.5	ba24:.75	ba25	ba7:1e-1	ba10 | d23:.75 |a  ab27:0.3  ab35:2.5  ab34  ab13
1 t731|a | color:red d32 |c	ca36 |b	ba5:2.5 |a:0.5	ab6	ab33	ab2	ab15 |
1 2 -0.2 |b  ba21:2.5  ba33 |c	ca36:.75	ca11 | |a:1.5  ab25 |a  ab12  ab15
-1 |a:2	ab12	color:blue |b:0.5  ba4:-1  ba20  ba13:+2
1 t868|a	ab7:+2	ab38:0.3	ab29	ab8 |a color:green ab13 ab28
1 1 |  d38  d25:0.3
id723078	1 2 |c:1.5 |  d9 |a:2	color:red	ab2	ab19:.75 |a ab35 ab28 ab22
id428924	1 2 | |c:0.5 color:blue ca8:0.3 :1.5 ca14 |a ab9 ab37:1e-1 ab11:-1 |a:0.5	ab14:2.5
1 't10 |a:0.5 |b ba38:.75 ba5 ba7 | d19:+2 |c	ca5:2.5	color:red	ca19 |a ab16:2.5 |c
-1 1 0 t20|  :1.5  d35  d19:2.5  color:red |b:1.5
1 't616 |c |  d39:0.3  d17 |a ab38 color:red |a  ab11:2.5  ab12:-1
-1 2 |b color:blue ba7:0.3 |a	color:green	ab21:-1 | d4 d29:.75 :0.5 |c:1.5 ca2 ca39:-1 color:red |a:0.5	ab23	ab30
-1 2 0 | d25:1e-1 d30:.75 d10 |c:0.5	ca34:2.5 |a |a	ab19:1e-1
-1 0.5 |c	ca36	ca27 |
-1 't858 |b ba23 ba28 |a  ab1
-1 3 0.3 't366 | d15
1 0.5 |a:1.5	color:green	ab3 |c	ca4:1e-1 |b  ba25 | d37 d18:-1 :0.5 color:red
-1 0.5 -0.2 |	d32 |c
-1 |a:0.5 ab9 |c:1.5 |b:2
1 0.25 -0.2 |a |c	ca26	ca35	:-0.25	ca16 |b  ba5  color:blue |  d11
id607457	-1 3 |  d12 |c:2	ca16:1e-1	ca17 |a:0.5  ab18  ab0:0.3 |b:2 ba34 ba14 |c
-1 0.5 0 t156|a	ab0	color:red	ab23:1e-1 |a:0.5
-1 3 0.1 't380 |c	ca4 |a ab25:.75 ab20 ab11 color:blue |b:2
-1 1 -0.2 't887 |c	ca28:-1 |a ab19 ab14 |	d23	d16
-1 t401|b ba27 ba2:-1 ba18:2.5 |a:2	ab31	ab21	color:red
1 3 0.1 t864|a ab13:2.5 |c  ca5 |  d33  d30  d21 |b  ba37  ba20  ba38  ba4
-1 0.5 |a ab30:1e-1 ab26 ab35:1e-1 ab16
-1 |b:1.5	ba23:+2	ba5:1e-1 |	d9:1e-1	color:green	d15:.75	d7 |c	ca20 |a	ab31	ab35
1 1 |c	color:blue | d31:-1 d28:2.5 d27 d24 |a ab3:2.5 ab13 ab31:.75 ab37
-1 't688|c
1 1 |  d24  d23:2.5  d4 |a	ab25:0.3	color:blue
1 0.5 |b:0.5	ba14:-1	ba23:.75	color:red |c  ca30:0.3  color:green  ca38:2.5  ca28:1e-1
1 't396|c |a ab0 |b:2 ba1 ba39 ba0 ba28 | d2:-1 d14:1e-1 d17:+2 d0:.75 |
1 2 t207|a:0.5 ab15 ab9 color:red |	:1.5	d20:2.5 |c	ca33:.75 |b	ba24	ba0
1 0.25 0.3 |b ba38 ba8:1e-1 ba25 color:red |a | d31:.75
-1 t687|a	ab30 | color:red d5:1e-1
-1 t450|
-1 2 -0.2 t427|  d31 |a ab6:2.5 ab19 ab2:0.3 |b
-1 1 0 't307 |a ab20 ab1 color:green |c	ca11	color:blue	ca0
1 1 0 't554 |c:1.5	ca7	ca2:+2
-1 0.5 0.3 t101|a color:blue ab24:1e-1 ab2 | d2:1e-1 |a:2  ab30  ab21:0.3  ab39:1e-1
1 't474 |a ab29:2.5 ab27:.75 ab8 | d34 |c  ca24:1e-1  ca23  ca0:-1 |b
-1 |a |
1 2 -0.2 |b:2  ba9  ba27  ba38  ba1:.75 |c  ca25 |  d2:2.5 |a ab25 ab37:1e-1 ab26:.75 ab31
-1 1 0.3 t278|  color:red  d14  d22
1 0.25 |b:1.5	ba17	ba15	ba19 |c
1 3 t565|c:2 color:green
1 2 -0.2 |b ba21:1e-1 ba5:+2
1 0.5 0.1 |a ab9 |c ca24 ca33 | d36 color:blue :0.5
id141365	1 0.25 |b	ba25	ba13	ba33:.75 |c:0.5 |a:2 ab7 ab35:.75
-1 t537|a:2 |c  color:blue  ca10:2.5
-1 2 0.1 't871 |  d26:1e-1  d23  d35:0.3 |b:1.5 ba12 |c |a ab19 ab31 ab33:2.5 |a |b:2
1 0.5 -0.2 |	d9	d26 |b	ba6:2.5	ba0:1e-1	ba26:-1	ba19:+2 |a	ab33:2.5	ab20	ab39	ab18 |c :1.5 ca13 ca15:-1 color:blue
1 't502|c  :2 |b color:blue |c
1 3 -0.2 't597 |c color:blue |a  ab7  ab23  ab31:1e-1  ab15:.75
-1 't291 |c:0.5 ca10 ca34:0.3 |  d27 |b ba16:+2 |a ab18:0.3 ab0 ab38
1 3 |c:1.5 :0.5 |  color:red  d17:+2 |a ab6:+2 |b:1.5
-1 't470|c ca12:-1 ca3 | d27:2.5 d23:0.3 |b ba33 ba22 |a	color:green	ab3	ab27 |c
-1 't893|  color:green  d18:1e-1  d33:-1
-1 t635|c:0.5
1 |c  ca2  ca20 | :1.5 :2 color:red d10:1e-1 |a |b
1 |  d35 |a |b	ba38:+2
1 2 0 't925 |b  ba22  ba21 |a
-1 't992|c ca3 ca31 |b:0.5  ba7  ba13  ba9  ba10 | d3:1e-1 :0.5 d15 |a:0.5	ab37:-1	ab26:1e-1	ab0
-1 1 0.1 't843 |c | d0:1e-1 :-0.25 d16 |a:0.5 |
-1 2 0 t122|a:1.5 |b ba19 ba39:2.5 ba32 ba36 |a:2 ab22 ab29 color:red
1 2 0 t223| d39 d2:1e-1 color:blue d11:2.5 |b:2 ba26:.75 ba29 |c:2  ca34  ca21 |
1 't449 |  :-0.25  d36 |c:2  ca11:1e-1  ca1  ca19  color:red |a  ab33
1 0.25 |b |
-1 1 0.1 |b ba14:-1 ba22:0.3 |c	:-0.25 |a  ab37 |a:1.5
id69605	1 1 |b color:green ba16 ba30:+2 |a	ab14:.75	ab17	ab24	ab7 |c	ca16	ca30 |a	ab34	ab18
-1 0.25 t329|a	color:green	ab12	ab20 | :-0.25
-1 t233|c  ca35:0.3  color:green |a ab30 ab16 |b:2	ba1	ba7:-1	ba17	ba16:0.3 |	:2 |b:2
-1 2 0.3 't390 |a	ab18	ab12	color:red	ab34:2.5 |c color:green ca22 ca24 | d16:+2 color:green :-0.25
1 1 t488|	color:blue	:2	d14 |b ba24 |a	color:green	ab37:2.5 |a  ab22
id470852	1 2 |c ca31:1e-1 color:red :0.5 | d22 d21 |a ab12 ab38:+2 color:red ab31:+2
-1 't60 |c	ca33	ca6	ca10:+2	ca4:1e-1 | d16:1e-1 color:green :-0.25 |a |b ba20 ba21 ba8
1 | d34 d15 d10 :-0.25 |a	ab15:-1	ab7	ab6:+2 |b ba39:2.5 color:green |c
1 3 0 | |a  ab25:-1  ab2:1e-1  ab24:-1 |c |b  ba11:-1
-1 2 0.3 |c:1.5
-1 |c:0.5  ca22:.75  ca33:1e-1  :2
id262418	1 0.5 | color:blue |a color:red |b  ba1:-1  ba21  ba12  ba22 |c :2 color:red ca28:.75
-1 't55|a  ab34  ab1:+2  ab15:0.3
-1 1 -0.2 t358|c
1 3 0 t917|c:2
-1 0.25 |b  ba1:1e-1  ba7 |a ab35
-1 1 0 |b:0.5 color:red
1 3 -0.2 't245 | :-0.25 |a:1.5 |c:1.5	ca23	ca11	ca24:+2	color:red |b
-1 't353|c |a |a:0.5 ab25:2.5 ab34:2.5 ab16
1 0.5 0.3 't549 |b color:blue ba32 |  d5:0.3  :2  d35  d20
-1 |a:2	ab39:+2 |c ca19 color:red |  :2  :0.5 |a ab1:2.5 ab15:0.3 ab19 |c
-1 't16 |b ba27:1e-1 ba14:2.5 ba7:+2 ba1 |c:2  ca12  color:blue  ca31:0.3 |  d11:-1  d23:1e-1  d34  :1.5 |a |
1 |a	ab20:-1	ab38:0.3 |b	color:green |c ca37:0.3 |
-1 0.5 t843|c:2  ca27  ca8:.75  color:green |a | d26:0.3 d18:1e-1 :2 |c
-1 2 |c:1.5 ca20:.75 ca7 ca16:1e-1 ca15
1 0.25 0 |a:2 color:blue ab16 ab27 |	d27	color:blue |a  ab31:.75  ab6:0.3
-1 t554|c	ca22:-1	ca12:2.5 |	d23:0.3 |a	ab25	ab19 |a color:red
1 2 0.3 | color:red d35 :2
1 2 -0.2 't823 |c  ca16:2.5  ca14  ca28 |a  ab28:2.5  ab8  ab9:+2  color:red
1 1 t602| |c |a  ab12:2.5  ab32:2.5
1 't492 |a  ab19:.75 |c |b | d0:-1 d21 d24 |b:2
-1 3 0.3 't727 |b:0.5	color:red	ba14	ba29
1 2 t94|b:1.5 ba31 ba9:1e-1 ba4 color:red |c:2	ca15:0.3 |a ab31:2.5 ab38:.75 ab17 |
-1 3 |  d13:1e-1 |a:0.5 ab24 ab39
1 3 0 't703 |	:0.5	d16:+2
id710658	-1 0.25 |c ca39 :-0.25
1 0.5 -0.2 't635 |b:2	ba27	color:blue |	d19:.75	:2	d7:-1 |a |a	ab0:-1	color:red
1 0.25 0.3 t800|	d23 |a
-1 t939|b ba18:2.5 color:red ba22 ba29 |a	ab15:.75	ab7:-1	ab28	ab3 |  d19:2.5  d14:.75 |b:2
1 3 0.3 t627|a
-1 0.5 0 |b ba3 ba1:+2 ba15 color:red |a
1 2 0.3 't532 |c  ca21:+2  ca39  ca31  ca22:1e-1 |a	ab8:+2	ab11:.75	ab2
-1 0.25 0 't9 |b ba6:.75 ba38 |	d1	d24 |a:2 |c:2 color:blue ca29:+2 ca23:.75 |a  ab15
id761811	-1 3 |a:1.5  color:blue  ab37:-1  ab3 |  :0.5  d1:1e-1  d24:0.3  d39:-1 |
1 0.5 t778|c ca19 ca7 :2 color:red |a ab37:0.3 ab4:1e-1 color:red
-1 1 |  :-0.25  color:green  d15:2.5 |a ab2:-1
1 2 t27|a |b ba4 ba23 ba6 |c | color:blue
1 0.25 | d32 color:blue d39:1e-1 |b ba8:1e-1 |a:2 ab24:+2 ab35
1 3 |a
-1 2 t367|b ba37 ba6 ba0 ba39:1e-1 |c |a color:red ab27 ab2:2.5
-1 t1|b  ba12  ba16 |c  color:red  ca34:-1  :2 |a
1 t913|a ab33 ab39 ab31:.75 |c ca4:+2 ca31:-1 |b	ba1	ba6	ba12	color:red
1 't917|b  ba5  ba33:1e-1 | |a ab1 ab7
-1 't602|c ca29:.75 ca5:1e-1 color:blue
1 |a  ab3  color:red |c | d37 d32:+2 d39:2.5 |b ba26
-1 't312 |b ba9 ba19:-1 ba36:2.5 ba2 |b:2
-1 2 0.3 |a:0.5 ab1 |b:1.5
-1 't69|a  ab3  ab14  ab18  ab19 |b ba6:2.5 ba36:+2 ba26 ba7 |	d38 |c ca23 ca21:+2
-1 2 -0.2 |c ca25 ca38:-1 |  d6  :0.5  d15  :-0.25 |a color:green ab39:-1 ab13 |a:2 ab38:0.3 ab31:0.3 ab18
1 1 -0.2 |c:0.5  ca17:0.3  color:blue  ca4 |a  ab5
1 0.5 t768| d18:-1 d16 d0 |a
1 1 0 't189 |a ab20 ab29
-1 't266 |	d11:.75	d36:+2	d27	color:blue |c ca19:-1 color:green ca26 ca36:1e-1
1 0.5 t191|b:0.5 ba26:+2 ba38:2.5 |b:2
-1 2 |a ab10:.75 color:green ab27:2.5 | d12:2.5 |b ba29 ba24 color:red
1 3 0 |	color:blue
1 t792|b  ba4  ba27 |c :2 color:blue |a:0.5  ab10:0.3  color:green
-1 2 t561|c ca30:1e-1 color:blue |	d32	d9 |a:0.5  ab8:-1  ab24  ab21  color:blue |b  ba36
-1 1 0.3 |c ca0 |	color:red	:1.5	d21
-1 't252|b ba3:0.3 ba6:0.3 ba18:+2 ba32 |c  color:red |a ab35:+2 ab29 ab4:.75
id719675	-1 2 |	color:red	d36	:-0.25	d30 |c	ca30	ca38:-1 |b:1.5 |a ab3 ab20:0.3
1 't540|a:2  ab32
-1 0.5 t365|b:1.5 ba37 color:red |c ca11:.75 |  d24
1 2 |b |a ab12 ab14 | |a ab0:0.3 ab29:+2 ab8 ab7
-1 | d13 d1 d3 |b |a color:green ab3
-1 't129|c |a ab26 ab21:+2 |b:2
1 2 |b:0.5	ba38:0.3	ba22:0.3	ba34:-1
-1 |b ba29 |a	ab35	ab3:2.5	ab4 | d0:1e-1 |c  color:red
-1 't700|a	ab3
1 't980|c ca7 |b:1.5  ba20  ba7  ba11 |	d2 |a:1.5
-1 0.25 0.3 't806 |a ab2 color:red ab25:2.5 | d3 d13:-1 d18:2.5 d23:1e-1 |b:1.5	ba1:-1	ba12:1e-1	ba31:+2
-1 0.5 |
-1 t625|b  color:red  ba37 |c  ca16  :0.5  :-0.25  color:blue |b:2
-1 2 |  d1:2.5  d20  d6  d28 |a color:blue ab34:0.3 |c |b:2 ba19:+2 ba17 color:red ba1
id313349	1 2 |b	ba16	ba15	ba1:-1	ba8:2.5 | d5 d18
-1 1 t395|b ba34:0.3 ba18:.75 ba1:2.5 ba26 |a  ab31:2.5  ab9:2.5
id333951	-1 3 |
1 3 -0.2 't478 |c  color:red  ca24 |a:2 ab37 ab23 color:blue
1 2 0.3 |  d32:2.5  d3 |c	ca32:1e-1	color:blue |a:1.5 ab25 ab7 ab1:-1
-1 0.5 |b:2 ba23 |a  ab12:2.5  ab30:-1  ab22 |c :1.5 ca2:+2 ca34:0.3 |b:2
-1 |c:0.5 ca18:.75 ca25
1 't986|c:0.5 color:green :2 :2 ca28 |a  ab4  ab5 |b:0.5  ba25  ba15  color:green  ba14 |a:2 ab33
1 't952|b  color:red  ba18:+2 | d7 d35 :0.5
1 2 t470| |b:1.5 ba22 color:red |a:2 ab20 ab24:.75 |c
1 2 -0.2 't959 |a ab26:1e-1 ab19:.75
1 0.25 t700|a:1.5  ab12 | color:red d6:2.5 :0.5 |c:2	ca37	color:blue
1 't273|b	ba5:2.5	color:blue	ba22
1 0.25 t136|	d39	color:green
-1 0.5 |
id743353	-1 2 |  d18:.75  :-0.25  d34  d19:0.3
-1 't720| d15 d7:1e-1 d11 d32:0.3
-1 | |b	ba0:2.5	ba23:.75	ba28	color:green |
1 |c  ca3:.75 |a:2 ab25 |  d27  :-0.25  d38:.75
1 | d23 d27:0.3 d19 |b  ba29  ba26:+2
1 0.25 t56|c:0.5 |a	ab31:0.3	ab22:0.3	ab25:2.5 |a  ab37
id611138	1 1 |b ba35 | |c:2 ca24:1e-1 color:blue ca21:-1 ca38
1 t199|b ba14:2.5 ba15 ba12 ba34:+2 | d7 |a |b:2
id739505	1 2 |c  ca10:+2  ca0:-1  ca17  :2
id143762	-1 0.5 |a |c |a	ab32	ab4
1 0.5 -0.2 't567 |c
1 1 -0.2 't355 |	d33	d2:+2	d28 |
id246482	-1 0.25 |b:0.5 |c ca12 :2 :1.5 ca4
1 3 t902|  :0.5  d14 |c :2 color:green ca11
-1 |c:2	ca10:.75	ca37	color:blue |a:1.5
1 |c |  d4:-1  d33  d25:1e-1 |a ab2 |b ba13 ba26:2.5 ba6:.75 |a ab4:0.3 ab15 ab19:0.3 ab25 |b:2
-1 0.25 0 t248|c color:green ca19:.75 ca9:0.3 |c
1 't921 | color:green d34:2.5 |c |b:0.5 |a ab26
1 't482 |b  ba11  ba3 |a:0.5 color:blue ab26:.75 |
-1 3 -0.2 't918 |c  ca27:-1  ca33  color:red |a	color:blue	ab9 |b:0.5	color:blue	ba35 |a:0.5 ab39 ab26:2.5
1 |c :1.5 ca15:.75 ca13 |a ab28 ab24 color:green
-1 3 0 | d1:2.5 d33 d23 d8
1 't828 | d12 d7:2.5 d22 d2 |a ab35:.75 |a
-1 0.5 -0.2 t605|b ba12 ba4 ba36:.75
-1 0.5 -0.2 |b	color:blue |a  color:red  ab19:2.5  ab23:-1 |  d7:0.3 |c:2  :2 |b:2
1 3 0 |  color:red  d19  d9:+2  :1.5 |a:0.5 color:blue ab34 |b ba23 ba6:-1 ba20 |a:2  ab5  ab35 |c
1 't347 |c:0.5 color:blue
id547564	1 0.25 |c color:blue |a:2 ab24
1 2 |a:2	ab32:1e-1	ab21:1e-1	ab27 |  d2:.75  d29:+2 |b:0.5  color:blue  ba28 |c	ca19	ca14:1e-1 |b:2
-1 0.25 t971|b  ba3  ba5  ba37:1e-1  color:red |a:1.5 color:blue ab6:.75 ab38
-1 t18|b ba10:+2 ba27:2.5 ba5:.75 ba21:+2 |	d8	d18	d5	d32 |c ca33 color:red |a:0.5	ab21:+2	color:green	ab1
1 0.25 0.3 t880|a ab30:0.3 | :-0.25 d24:0.3 |c	ca15:0.3	ca32 |a  ab14:.75
-1 t361|c |b:2
-1 2 0 |  d20:2.5  d33  d24:+2  color:red |c:2 |a:2	color:green
1 |c:0.5  color:blue  ca6:0.3  ca33 |a:1.5 |
1 't974|c:2 ca13:-1 ca29 ca38 ca20:+2 | |b ba6 color:red ba1 ba27:.75 |a:2
1 |c:1.5 :0.5 ca18:+2 |	color:red	d33:-1	:1.5 |b:2 ba35 ba19 |a ab27:.75 ab22 |a:0.5 ab37 ab4 ab23 |
-1 0.25 -0.2 t47|a |	:0.5	d18:0.3 |b |c:1.5  ca37  color:blue |a color:red ab20
1 0.25 t609|a  color:red  ab3  ab4  ab8 |b
-1 |b  ba4  ba14  ba26
1 1 | d24 color:red |c:1.5 |a color:green ab34 |b	color:blue |
-1 0.25 0 't481 |a ab10:+2 color:blue | d39:+2 |c  :1.5  ca18:1e-1  ca5 |a:1.5 |c
-1 't807|c:2  color:blue  ca26:2.5 |a | d39:-1 |a ab39 ab1 ab35 ab15
-1 |b ba0 ba1:1e-1 ba25
-1 t997|a  ab3  ab16  ab30 |	d35:1e-1 |a  color:red  ab11  ab18
-1 0.25 t253|b  ba3  ba21:.75  ba14  color:green |	color:green |a:2  ab23  color:red  ab31:0.3 |c  :0.5
-1 't114 | d26 d25 d7 |a:0.5 |b ba22 ba33 ba7
1 't383| d20:2.5 d28 color:blue d37 |c
1 0.5 -0.2 | d20:1e-1 |c |a:2  ab15  ab28:1e-1  ab0 |b:2
-1 |b |a	ab6 |c ca2:+2 |a:0.5
1 't702 |c ca37:2.5 ca12 ca30:2.5 :-0.25 |a:0.5	ab18:.75	ab15	ab31:-1	color:blue
-1 3 0.3 't354 |b  ba33  ba8  ba39  ba30
-1 3 t765|c | color:red |b  ba19  ba4:1e-1  ba18:1e-1  color:green
1 2 0.1 t388|b  ba19:2.5 |c color:red |  color:red  d0:.75 |a:2 ab13 color:blue |a ab34
1 't261|c ca17:1e-1 :0.5 ca21 |a |b:2
1 0.25 -0.2 't321 |a:0.5 ab28 |a:0.5 ab6 ab10 ab36
id78238	1 0.25 |a |b ba6:+2 ba29:1e-1 ba3:+2 | |c ca32 ca27:-1 ca31:2.5 :2
-1 2 |	d35	d8:1e-1	d1:.75 |c ca29:1e-1 color:red |b ba28:0.3 |a	ab13	color:green	ab0
1 3 -0.2 't675 |b ba10 ba24:2.5 ba6 ba2:-1
id104550	1 2 |c	ca39:.75 |a  ab31:0.3
-1 't2 |c ca31 ca4 |a ab39 ab31 ab35:+2 ab14
1 0.25 0.1 't90 |c:0.5 color:blue ca13:+2 ca6 |b	ba1 | |a	ab13	ab30:.75
-1 1 t59|b:1.5 color:red ba7 ba15 |c  ca29  ca8  ca30
1 2 |c ca20 ca37 |b ba17 |a:0.5 ab3 ab28:.75 ab25 | :1.5 color:green :2 :1.5 |a ab39 ab22:+2 ab0
-1 't530|b	color:red |a:2	color:red	ab26	ab0	ab32:-1 | |c ca19 :0.5
1 0.25 0 t384|c	color:blue	:-0.25 | d12:2.5 d32:-1
1 't13 |b:0.5	ba17	color:blue	ba39 |a ab38 ab37:1e-1 ab18 | d10:.75 d33:2.5 |a	color:green	ab25:.75	ab2	ab34
-1 't861 | d39 color:green |a ab33 |b  ba16  ba24 |c:0.5 ca11 ca14:1e-1 color:blue
1 't482|a ab26:.75 ab25 ab1 ab21
-1 0.25 0 |c |	d18	d32:1e-1 |b:1.5  ba29 |a |b:2
1 | d15:2.5 d22:+2 |b ba26 |c:0.5	:0.5	ca19:1e-1
-1 1 0.3 't702 | |a ab35 color:blue ab26:1e-1 ab20:0.3
-1 3 |	d35:0.3 |a:1.5	ab13	ab0	ab21:0.3	ab38:.75 |c |b	ba33:+2	ba20:2.5
-1 0.5 -0.2 t212|a:0.5 color:green ab15
1 0.5 t43|a |b:0.5	ba4:2.5	ba9	ba19:1e-1	ba1 |  color:blue  d1:+2  d38:2.5
id383862	1 0.25 |b  ba1  ba5 |c ca23 color:green ca4 |a	ab37:1e-1	ab2:0.3 |b:2
-1 | |b:1.5 ba19:+2 ba34:0.3 ba3:+2 |c |a
1 3 |a |	d19 |b	ba27	color:green |c color:blue ca37 |a:1.5	ab7:1e-1	ab5:2.5	ab26
1 't710|c:0.5 ca3 :1.5 ca7 |	:0.5
-1 t551|c	color:blue	ca8	:1.5 |a:2 |a:2 ab0:2.5 ab35 ab13
-1 3 0 t992|  d5  d9:+2  color:blue |a	ab5:1e-1	ab32	color:red	ab1
-1 3 |b:1.5 ba21:2.5 ba32 ba11:1e-1 ba6:.75 |c ca25 ca3:-1
-1 3 t128|c:0.5 | |b:1.5
-1 2 0 t529| d22 d21 d37 color:red |a	ab39:.75	ab8	ab2 |b:1.5 |c |a ab13
-1 't88|a:1.5
-1 t588|a ab14:.75 ab30:-1 ab22:1e-1 ab13:0.3 | |b:0.5
1 't266| :1.5 |b  color:green  ba1  ba18:0.3 |c :2 |a  ab35:0.3  ab25 |a
1 't542|a |a ab16
-1 1 t154|b	ba12:-1	ba2 |  d17:1e-1  d11:.75  d31 |a	ab0	ab29	ab38	color:blue |c ca37 :1.5 ca13:.75 ca36:1e-1
1 't905|a |
1 't506 |b:0.5 ba31 ba33 |a |c	ca17	ca34:1e-1	color:red	ca32:2.5 |	d9	:0.5	d23:1e-1	:0.5
-1 2 t436|c:1.5 ca13:2.5
-1 0.25 0.1 t123|c ca33 ca27:-1 ca37 ca19
-1 t644|a  ab22:1e-1  ab37:+2
1 t900|b ba17 ba38 |a |c:2  ca1:.75  color:green  ca5:.75 |  d15:0.3
1 2 0 t527|a ab33 | d12:1e-1 |c :-0.25 color:green |
-1 2 |a |c |b ba10 color:green |  d37  d27 |
-1 2 0 |c:0.5 ca13:.75 ca33 | d39 color:blue |b:0.5 ba9:+2 ba4 ba19 |a |
1 t718|b:1.5	ba3	ba4:.75	ba24:.75 |a  color:red  ab15  ab9 |c:1.5 color:red
id494069	1 1 |	d11:.75	:1.5 |c
-1 t760| d15 d8 |b  ba28:0.3  ba23:+2  ba26  ba22:-1 |a	ab32	ab24:-1	color:red
id614312	1 1 |a:1.5 |c ca37 ca11:2.5 ca18
1 3 -0.2 |c:1.5
1 t827| d37:-1 d35:-1 |a	ab13 |c color:green :-0.25 |a ab10 ab30 ab23
1 't992|b |c:2  color:green |a color:red ab8 ab20
id12680	1 0.5 |a:0.5 ab33:1e-1 color:green |	d33	color:red |c:1.5 ca30 |b
-1 t63|a  ab17:1e-1  ab15 |b	ba10	ba6	ba8:+2 |c:2 ca16:+2 ca29:.75 color:blue |	color:blue	d28
-1 2 0.1 |a  ab27:1e-1  ab14  ab16:-1  ab35
1 't576 |a	ab39
-1 |  d17 |a  ab22 |c
-1 0.5 0.3 t163|a |c :2 ca35:-1 |b:1.5	ba12	ba27 |
id523334	-1 2 |a ab23:-1 color:red ab8 |a:1.5	ab31:0.3	ab3	ab4:-1	ab21
1 't247|b:1.5 ba24:+2 ba19 ba26
-1 3 t595|a ab17:0.3 color:green | d37:+2 |c ca14:.75 ca28 |a:0.5
1 0.5 t811|a:0.5 ab39:.75 color:green ab11 | |c |
1 t690|a ab8:1e-1 color:blue ab31:1e-1 ab24:+2 |	color:green |a
-1 |c:0.5  ca39 |	color:red	:-0.25	d37 |a	ab23	ab19:.75	ab2	ab20:-1 |b:0.5 ba14:0.3 color:blue ba35
1 't648|a	color:blue	ab1	ab22	ab5 |b ba14 ba33:0.3 ba3:-1 ba20:.75 |
-1 |	d6:1e-1	d21	d13	d20 |a  ab23  ab10
id522559	-1 0.5 | color:red d8 d32:1e-1 |b:1.5 ba14 ba27 |c  ca10:.75  ca13  ca26:2.5
1 t315|	d4	color:green	d37:.75	d10 |c  ca18:0.3  ca5  ca0 |a:0.5 ab25 |b	ba38 |b:2
-1 0.25 0.1 |b:1.5 |c |	d24	:0.5	d39
1 |b	ba25:.75	ba22:1e-1	ba19:0.3	ba0:+2
-1 0.5 0 t238|c:2 ca23:-1 ca15:-1 |a ab16 ab0 ab11 ab2:+2 |
-1 | d38:0.3 |a	ab30
1 0.5 -0.2 't807 |a ab3
-1 t765|c  ca0:+2  color:red  ca9 | |b ba37:1e-1 ba29 |c
1 t468|
1 0.5 0.3 't820 |a ab17 ab27:1e-1 ab0 |b:1.5 color:blue ba39 ba0
1 3 0.1 | d27 d37:.75 color:red :2 |c color:red |b ba34:+2 ba24:+2 color:blue
1 2 0 't944 | d33:1e-1 |a	ab31	color:blue
-1 3 0.1 t391|a:0.5	ab20:1e-1 |c:2	ca38	color:red	ca2:-1 |b:0.5  color:blue  ba14  ba39:-1 |
1 |a | |
-1 2 -0.2 |c :0.5 :1.5 ca3:0.3 |a | |b	ba7:2.5	ba23:1e-1	ba0:.75 |a color:blue
-1 1 0.3 | color:blue :-0.25 d33 |a  ab2  ab30:+2 |b |c	ca11:+2	:2	:-0.25 |a ab20:.75 ab7 ab14:.75 ab13
-1 0.5 |b ba11 ba17 ba20 |c ca33:0.3 ca30 :0.5 | d17:.75 d32:.75 d15:1e-1
1 't590|b ba32:1e-1 ba19 ba20 |a |c  color:red  :2  ca36 | d12:1e-1 :-0.25 d13:2.5
1 1 0.1 't92 |c:1.5	color:green	ca12:+2 |b	color:green
1 0.5 |c |b:1.5 ba9:-1 ba37 ba13:0.3 color:red |a color:red |a:2 |
id500256	1 2 |b	ba21	ba14 |a ab11:-1 color:red
1 | :2 d8:.75 |c :2 |b	ba36	ba16:+2	ba11:+2	ba22:1e-1
-1 t75| color:green d15 d31:0.3 :0.5 |c |a:0.5 color:green ab38 ab16 ab21 |b	color:red	ba36	ba8 |a:2 ab36 ab34 ab30:0.3
id425069	1 2 |b ba30 |a:0.5	ab9	ab28:+2	ab26	ab37
-1 |c  ca25  :2 |a:0.5 ab30:0.3 ab18 |  d36  color:red |b	color:blue |a	ab6	color:blue	ab27:0.3
id424429	1 0.25 |a ab16 color:blue ab37 ab38 |c  ca10  ca33  ca28  color:red |b	ba37:1e-1 |
id527435	-1 3 | |a ab19:-1 ab25:.75 ab21
1 3 0.1 t895| d39 color:blue |b:1.5	color:red
id930653	1 0.5 |a:1.5	ab29	ab37	color:red	ab1:.75 |c | d37:-1 d9 d18:2.5 :2 |b:0.5	ba12	ba6
1 't548 |b ba5:2.5 ba29 ba32:.75 ba28 |a ab23 ab25 | color:blue :1.5
-1 't247 |a color:red ab11:+2 ab34 |c  ca36:.75  ca13:1e-1 |  d1  d3 |c
-1 0.5 -0.2 t932|b
1 0.25 t544|b	ba32 | d7 color:green |
1 0.5 0.3 |  d28:+2  d20:1e-1  :1.5  d8:0.3 |c ca14:2.5 ca27:2.5 |b	color:green	ba27 |a ab6:+2 ab1:1e-1 ab28 ab31:2.5
-1 0.5 |c:2  color:red  ca23:.75  ca18 |b color:red ba8:0.3
-1 0.5 t473|b	ba22 |	color:blue
1 't891| :-0.25 d21 d17 |a  ab25  ab13
-1 1 0 |b	ba34	ba0	ba35:0.3 |c:2  color:blue  ca1 |a ab30 ab1
1 t839|a ab0 color:green |b:1.5 ba21 |c
-1 't4 |b  ba28  ba2:.75  ba22:+2 |a:0.5	ab28	color:green	ab24:.75
-1 0.25 0 |a |b  color:red |c	ca10:-1	ca31:-1
-1 2 0.1 t203|c ca35:1e-1 ca14 ca28 ca31:0.3 |b
-1 't471 |a ab8 |c ca18 :2 ca8 |	d2:.75	d7
-1 't423| d26:+2 d5 d32 d27:.75 |c |b:0.5 ba25 color:blue
1 't897|c ca2 ca5 ca22:2.5 |  color:green  d10:1e-1  d35 |a	ab37	color:blue |a	ab24	ab31	ab22
1 2 |b:1.5 | :1.5 color:red :2 |a:1.5 ab39
-1 0.25 t126|a  color:green  ab17:0.3
-1 1 0.1 |a	ab0 |a:2 ab14:-1 ab8:1e-1 ab29:1e-1 ab16
1 |	color:red	d29	d18:2.5
-1 't79| :0.5 |a ab29 ab21 |c ca2:-1 ca23:1e-1 |b  ba31:2.5  ba1
id456517	1 3 |  d25  :-0.25  d1  d7:1e-1
-1 0.25 0.1 t558|a color:green ab5 |c	ca15:2.5	ca21	color:red	ca16:2.5 |a	ab39	ab37	ab19
id436252	-1 0.5 |c:2	ca20 |a
1 2 -0.2 t396| :-0.25 |b	color:blue	ba35:0.3	ba14 |a |a
id396697	1 0.25 | |a	ab18 |c:1.5 color:green ca11:.75 ca12:2.5 |b:1.5 ba1:2.5 ba5 ba2 ba29
1 t57| d27:0.3 d16 d5
-1 t136| |c:2 ca26 |b ba29:1e-1 color:green ba8 |a |a:1.5
1 |b:0.5 |c ca19 |a:2	color:red	ab25 |a ab32 ab3:2.5 ab1 |c
1 0.25 t833|a |c:1.5 color:green ca12 ca3 ca37 |	d15 |b	ba33	color:green |a ab32 ab9 ab8 color:blue
1 't142 |c ca4:0.3 |a
1 2 -0.2 |c:2 |a	ab30	color:green	ab32	ab11:+2
1 't725 |c:0.5 color:red ca21 ca16 |a ab0:1e-1 color:red |b  ba31:2.5  ba7:+2  ba19:1e-1  color:blue | |b:2
-1 0.25 |c
1 't604 |c  color:green  :1.5  ca39 |b	ba31	ba2	ba3:1e-1 | d16:2.5 d14 |a ab13 ab19 ab17 color:blue
1 0.5 0 t888|c color:red ca19 ca15 :-0.25 |  color:blue |b	color:blue
-1 2 t110|b:1.5 ba6:2.5 ba3:+2 color:green ba24 |c:2  ca26:1e-1
-1 t654|a |a
-1 t346|	d5:-1 |a ab37 ab6 ab16 |
id175418	1 1 | d15 d37:.75
-1 3 t874|b |c ca7 ca30 ca8:+2
1 1 0 t929|b:2  ba26:.75  color:blue  ba33:+2 |a:2 ab35:.75 |
1 0.25 t600|b color:red ba28 ba29
1 |c:1.5	:-0.25 |b  ba9  ba7 |a | d30 d35 |a:1.5  color:green  ab34:0.3 |
-1 0.25 | d39 color:green |a color:blue ab35 ab7:1e-1 |b ba38:-1 ba22 ba26:2.5 color:red |c:0.5
-1 |c:1.5 ca36:1e-1 :2 |a	ab19	color:red	ab8:.75
-1 |b:0.5 ba29 |a:2  ab19:-1  ab37  ab31  color:green |c  ca21:0.3  :-0.25  ca0 | d37 color:red :2 d36:.75
1 t553|b color:green
1 0.25 -0.2 t787| |c	color:green	ca22 |a:1.5  ab19  ab4:2.5
1 1 0 t424|b	ba37:.75	ba24:0.3	color:blue	ba30 |c ca23 ca9 ca26:+2 color:green |	d28	d32	d33:.75 |a ab38
id32690	-1 3 | color:blue d16:+2 d8 |c	ca22:.75	ca2:+2	:0.5	ca32
1 1 |c:0.5	:0.5	ca34	color:blue	ca5:-1 |	d23	d37 |a ab24 ab4
1 0.25 0.1 |a ab21:2.5 ab7 |b:0.5  ba24:0.3 | |a	ab36
-1 1 -0.2 't982 |
1 3 t540|c |
1 t483|b:0.5	color:red	ba7	ba20 | d36:1e-1 |c :2 color:blue |a ab36:0.3 ab10 ab26 ab37:0.3
-1 't209|a ab32 ab12 ab10 |b |a
-1 t300|a  ab21  ab9:0.3  ab19:+2 |a:2	ab4:0.3
1 0.5 0.3 |  :-0.25  d0:2.5  d24  d39 |b:1.5  ba9 |a:0.5 ab33 ab35:.75 color:blue ab12:.75
1 3 |b:2 ba33:+2 ba29 ba2 |c
1 1 |a	ab17:2.5 |c:2 :2 ca18 ca15 |a ab34 ab21 ab15
-1 3 0 t91|c |b:1.5 ba22 |a
1 2 t545| d20:2.5 d25 |a |b:2
1 0.5 |a:2 ab17:2.5 color:red ab16:2.5 ab27 |  d32:0.3  d27 |c  ca6:1e-1 |b ba33:1e-1 ba13 color:red
1 t563|b:2  ba25:2.5 |  d27  d25  :1.5 |c:1.5 ca12 ca37 color:red
1 1 t169|a  ab31  color:blue  ab17 |c  ca20:-1  ca36  color:green  ca2 |a	ab4	ab25:.75	ab13:+2
-1 2 |c |b:1.5 color:red |a:0.5
-1 't62 |a color:red ab31:+2
1 0.5 |b:1.5 ba32:0.3 ba25 |a ab2:2.5
1 t404|b:0.5 ba15:.75 ba27 ba17 ba11 |c ca10:-1 ca5:1e-1 color:red |a	ab37 |a:1.5  ab32  ab6  ab1  ab16
-1 2 |b ba34 ba4 ba28 | color:red d9 d37 |c color:blue ca22:0.3 ca12:1e-1 |a ab30:0.3 ab16:.75 ab11 ab33
1 2 0 |c:2  color:green  ca32:.75  ca14:1e-1 |a |
-1 0.5 |c	:1.5	ca4:1e-1	ca26:-1 |b ba18 ba34 color:red | |a:2	color:green
1 2 0 't109 |a ab28 |a:1.5 ab32 color:blue ab9
-1 't180 |b  ba5  ba18 |a:0.5  ab10:0.3  color:green | d15 d37 color:red d2 |c:1.5	:0.5
1 2 -0.2 t964|a	color:red	ab38:.75	ab26 |a:1.5	ab36	ab19	ab6:.75 |c
-1 't757|a ab17 |b ba31:.75 ba24 ba38:2.5 color:blue |c |b:2
1 | d32 d8:2.5 |b:0.5 ba10 ba31:.75 |c:1.5 |a:1.5  color:red  ab35
1 t994|	:0.5
1 1 0.3 |c |a ab21:-1 ab14 ab2 color:blue |a ab31 ab32 ab28
1 |c ca23 ca16 ca18 ca19 |a ab4 ab16:2.5 |b:0.5 |
1 1 0.1 |b ba13 color:red ba1 |a |c ca9 color:green |a  ab6  ab30  ab31:-1
1 3 |a:1.5  ab6  ab27  ab12:.75
-1 't41|b:0.5	color:green	ba31:.75	ba14:1e-1 |a |	d16:-1	d26	:0.5	d34 |a:0.5	ab15:1e-1
-1 't272 |c:2 ca21 ca23 |b color:blue ba29 ba15:.75 |a ab25:1e-1 ab16
id345196	1 0.25 |  d9  :-0.25  :-0.25  d21:-1 |c color:red ca12:+2 :-0.25 |a:1.5 color:red ab14:1e-1 ab34:.75 ab18 |b ba33 ba21:.75 ba23 |b:2
1 't706|c ca17 ca15 color:green |a ab28 ab19 ab38 |b:2
1 t551| d5 color:blue d7:2.5 :0.5 |b:1.5
1 3 0.1 |	d31:.75	d27:2.5 |a ab34:.75 ab22:0.3 color:green ab16
id580699	-1 0.5 | color:red d7:2.5 |c color:blue
-1 0.5 |c:1.5  ca13 |a  ab15:2.5  ab7:+2  ab27:-1  ab16:2.5 |b	ba37	ba0 |a  ab28:+2  ab0:1e-1
-1 |c:2 color:green | color:red :-0.25 d7:.75 d32:1e-1 |b:0.5	ba10	ba30:-1 |a ab8:1e-1 |a  ab12 |c
1 3 |a ab25:0.3 |a	ab1 |
1 3 0 | |a
1 t650|c:2 ca37:2.5 ca0 ca16 |c
1 2 0 t703|a  ab31  ab33  ab18  ab38:-1 |c:0.5 color:blue |b	color:blue	ba20	ba5:+2	ba15 | color:red
1 't524|b:2  ba0
1 0.5 t318|c |a ab19 ab15 ab34:1e-1 ab39 |b:2
1 3 t772| d34 d4 color:green :0.5 |a
1 0.25 0.1 |a:2 ab34 ab33:+2 ab1:2.5 color:blue | d3:0.3 d24:1e-1 d32 :2
-1 't210|  color:red |a:1.5 ab39:0.3 color:green ab9 ab27:1e-1 |c ca30:1e-1 color:red |
-1 t854|b  ba21 |a:1.5 ab4:0.3 |	color:blue	d17:+2	d29:.75
1 3 |c :0.5 ca1:.75 |b	ba10:0.3	ba1	ba33
1 0.5 t671|c	ca5	ca39:+2 |b  ba21:2.5  ba17  ba8  ba12:+2 |  :-0.25  d25 |b:2
1 't541 |b	ba25 |c ca16:.75 |a ab39 ab4 |a
-1 t531| d9 d30:0.3 |a	ab20 |b ba3 color:blue ba38
1 1 t696|c ca22:0.3 ca18 |b ba14 ba37 |
1 t505|c	:0.5	ca39	ca0	ca23:-1 |	color:blue	d17:-1	d4:+2 |b:2
-1 0.25 t823|b ba9:0.3 ba14 |a  ab21:.75 |  d18  color:blue  d28 |c:2 :0.5
-1 't214 |b ba23:.75 |c:1.5  ca7:+2  ca34  ca3 |  color:red  d9:0.3 |a color:blue ab35
1 't157|c  ca8  color:green  ca1:1e-1
1 't63 |b  ba27  ba22:-1 | d17:0.3 d29:+2
-1 0.5 |a:2 |c:1.5	color:red	ca14	ca9 |b
-1 t743|c |b ba23 |a ab28 |  color:red  d11  :2
id840360	-1 3 |c:1.5 color:blue |a  ab8:0.3  color:red
id612799	1 2 |c:2 color:blue :0.5
id986186	-1 0.5 | |c color:blue ca32:+2 |b:2
1 1 0 't765 |a color:green |c:2	:1.5	ca18:-1	:-0.25 |a:1.5 ab33:-1 ab16 ab15 ab35:+2
1 3 0.1 |a |
id186426	-1 2 |a  ab39 |  d12  :1.5  :2  color:green
id159679	-1 3 |c  color:green
1 't91 |c |b |a:0.5  ab10  ab16:2.5 |	color:blue	d7:.75 |
1 0.5 |b:0.5  ba38 |a:2	ab27:.75	ab11:.75 |	d33	d28	:-0.25
-1 3 |a |c	ca30	:-0.25 | |b:0.5 color:green
1 0.5 |c:0.5 |a  ab20  color:green | d25 d22:2.5 color:green d28:+2 |b	ba14	ba7:-1
1 't772|c ca34:2.5 color:green |	d28 |b ba31:0.3 color:blue ba3 |a
-1 3 |b color:green |c  ca28  ca26  ca24  ca15:0.3 |a	ab25:2.5
-1 't455 | color:green |a |c ca39 :2 ca30 |b ba33 ba29 |a
-1 0.25 -0.2 t137|a color:red ab8 |c  ca20
1 t571|	d12:.75	d4 |a |b ba16 ba14 |b:2
1 2 |b:2 ba14:+2 ba4 color:green ba39:2.5 | |a	ab25 |c:1.5	ca38	ca12	:2 |a:1.5
-1 |	d38:0.3 |b:1.5  ba12
-1 3 0 t386|c	ca39:0.3	color:blue	ca11:1e-1	ca14 |a	ab14:1e-1	ab22 |b |
-1 | color:red d16 d39:2.5 |c:0.5	ca11:.75	:0.5 |b |
-1 3 |b ba31 ba3:-1 |a ab23:1e-1 ab28:0.3 ab24 ab25:-1 |	d25:.75	d10:.75 |c:1.5	ca14:0.3	ca18:2.5
1 't678|c color:red :1.5 ca36:0.3 ca32:-1 | d11:-1 color:blue
1 t742|  d3  :-0.25  d19  d1:2.5 |a |c	ca18	ca31:.75 |a ab24
-1 't521 |b ba20 ba4 color:blue | |a:0.5	color:blue |c  :2  color:blue  ca25:0.3  ca21 |
-1 't579|a:1.5	color:red	ab7 |a ab35
-1 2 0 t173|a | d7:0.3 d34:.75 |b  ba19  ba33
id833259	1 2 | d1 |a  ab11  ab9  ab13  ab34
id165434	-1 0.5 | :2
id57801	1 0.25 |b ba1:+2 color:blue ba14 ba38 |
-1 't334|c  ca34:0.3  color:blue |b:0.5 ba25 ba24 ba13 |  :2 |a:2 |a ab3 ab32:0.3 ab38 |c
-1 0.5 -0.2 't682 | |c |b ba28:2.5 |a
1 t186|c:2 ca24 |b ba10 |  d37:1e-1
-1 3 -0.2 |b  ba31  ba18  color:red | :-0.25 d23 d28:+2
1 2 |a ab38 |
id415185	1 0.5 |c |
-1 t610|	d4:1e-1
-1 2 0.3 t821|b  ba4  color:green  ba29 |c:2 color:green ca34
1 3 t375|a |  d15  d29:2.5  d12  d30 |b	ba13:0.3	ba0:.75	ba29 |b:2
1 t599|  :2  color:green  d30 |c ca20:2.5 color:red |a:2
-1 0.5 0.1 |b  ba8:0.3  ba24:2.5 |a:1.5	ab14	ab35:0.3	ab19:+2	ab33:1e-1 |b:2
1 2 t870|b:0.5	ba19 | |a  ab27:-1  ab8:2.5 |c ca28 |a:2 ab34:.75
1 't571 |c ca31:2.5 :0.5 ca14 ca26:+2 |a  ab29  color:red  ab5  ab0
1 |a:0.5 color:green ab38:0.3 ab39 ab27:2.5
1 't599 |c |	d3:2.5	d7:.75	d5:.75 |b
1 |c:1.5	:0.5	ca10:-1	ca23:0.3 |b
-1 0.25 t900|c:2 |b color:blue ba3:0.3 ba37:1e-1 |a ab8 ab21 color:green |
1 0.25 0.1 t967|b
id477054	-1 0.5 |c :1.5 ca17 :-0.25 ca2:+2 |a ab8 |b	ba7:-1	ba35 |  d26:+2  :0.5  d4
1 't817|c:0.5	ca0	color:green	ca33:1e-1	ca21:+2
-1 t825|a |c	ca28:.75	ca25	ca4	ca16:-1 |  d33:0.3  d18  d8:0.3
1 2 0 t781| d5 d32 |a:1.5	ab33	ab9:0.3 |b ba16:0.3 |c :-0.25 ca21
1 't787 |a:1.5	ab11:-1	color:red	ab5 |c:0.5 |	color:green |a  ab7  ab28  ab27  ab9:+2
1 0.25 0 t505|a |b:2 |a	ab15	ab20	ab3 |c
1 0.5 0.1 |a ab39:.75 color:blue ab25:0.3 |b |c	ca13:0.3	ca16	ca30	color:green |a  ab33  ab22:1e-1
-1 2 0 't427 |b ba33 |a ab16 color:green
1 0.25 -0.2 |a:2 ab34 ab3 color:red ab12
id125334	1 3 |c  :-0.25 |
-1 3 0 't95 |a |b:2 color:blue ba10 |a:0.5 ab39
-1 't623 |a:2 ab0 color:green | color:blue |c:0.5	ca0	ca8:2.5
id90626	-1 3 |b  ba20 | d36:-1 color:green |a |c	ca29:0.3	:0.5	color:blue
-1 't617|c  ca12
-1 0.25 0.3 t477|a color:blue ab1 ab0 |a ab23 ab8 ab17
1 1 |c |b  ba3 |  d18:0.3  d33
1 1 |c color:red ca11:1e-1 ca38:.75 ca28 |a	color:red |b ba3 | color:red d2:+2
1 0.25 0.3 |a ab18 ab36 ab7 ab27 |c ca26 ca6:-1 |b  ba18
1 0.25 |c	:1.5	ca39 |	d21:+2 |b
-1 t817|b  ba8  ba36  ba33  ba10:+2
1 0.5 t101| :1.5 |b:0.5	ba12	ba4	ba36 |a color:blue ab14 ab13
1 t442|a	ab13	color:green	ab27:2.5 |a  ab28  ab6
-1 1 t163|a	color:green | color:red |c ca21 :-0.25
-1 2 0.1 't436 |b |
1 0.25 -0.2 |a  ab9 |c	ca25	ca28	ca2 |  d32:2.5  :0.5  d18
id874716	1 0.5 |c | |b:0.5 |a color:blue |a ab9:+2 |b:2
-1 1 0 t208|b:1.5 color:red ba30:2.5 ba31 ba27 |c  ca12  ca31:0.3 |a ab34:1e-1 ab2 | d31:-1
-1 0.5 t62|a color:red |a ab20 ab22:.75 ab38
id602724	-1 3 |	d1	:0.5
-1 3 0 't226 |b:1.5 |a |a ab5
-1 1 0.1 |b |a:2 ab15:-1 ab33 ab38:1e-1 |b:2
1 |a ab13:2.5 ab22 |b	ba23:-1	color:blue	ba29:-1 | |a ab1:.75 ab3 color:green ab8
1 0.25 | |a ab4 color:red ab6:0.3
1 t112|c ca37:2.5 ca8:-1 color:red ca16 | |a	ab31:+2 |b:2
1 0.5 0.3 't56 |c ca31
1 0.5 0.1 t41|  color:green  d25 |a:0.5	ab4	ab19	color:red	ab6
1 3 |a color:red |b ba2:-1 color:green ba26 ba17 |  d6:2.5 |c	color:green	ca2:2.5	ca36:0.3
-1 3 t72|a  ab1:+2  ab26:0.3  ab28:2.5  color:green |b color:red ba33 ba2
1 t878|b:2 ba18 |
1 3 0.1 t812|c  ca0:0.3  ca21  ca15:0.3  :-0.25 |  color:blue  d12  d21 |a:0.5	ab23:2.5 |b:0.5  ba35:1e-1
1 2 0.1 |a:1.5	ab32	ab14	ab23 |b |a:2
-1 1 0.3 t214|c ca36:+2 ca21 color:red |  d2  d3:+2 |a:1.5
-1 0.25 0.3 |b  ba33 |a:0.5 ab13:+2 ab14 color:green |a	ab27:+2	ab26
1 2 t603|c	:0.5	:1.5
-1 t834| |c:2 ca1:1e-1 ca19:-1 ca39:.75 |b ba2:.75 ba26 ba38 |
1 0.25 0 t68| d23:+2 d13:-1 |b:1.5 ba19 ba5 ba1 |a  ab18  ab1  ab7 |c:2	ca11	ca28:-1	ca9:.75	ca24:-1 |c
1 |c	ca2:-1	:0.5	color:green	ca27:+2 |b:0.5	ba24:+2	ba36	ba10:-1	ba23 | d39:1e-1
-1 3 t681|c:1.5 | d25 d24:0.3 d12 d8:+2 |a:0.5  color:green  ab39:2.5  ab19:+2 |b	ba14	ba37	ba32:-1
-1 t707|	color:blue	d29:0.3	d7 |c:0.5  ca11  ca1
-1 't986 |b ba36:0.3 ba24 ba11 ba30:-1 |c ca16:2.5 ca7:1e-1 :-0.25 ca39:1e-1
1 0.25 0.3 t538|a	ab23:+2	ab18 |c	color:green |	color:green	d18	d11:-1
-1 0.25 0.1 |c :2 ca15 |b:1.5 |	d1	d2	:1.5	color:red |a ab18 ab17:.75
-1 't253|a ab7:2.5 |c ca28:0.3 ca16 color:green |b:2	ba26 | d4 d15:.75 d20:.75 color:red
1 2 0.3 t352| |b |c:1.5 ca37:.75 :2 ca31
1 't657 |b	ba25 | color:red
1 1 -0.2 t248| :1.5 |c:0.5
id929379	1 1 |a	ab27	ab34:0.3	ab35 |	color:red	:-0.25	d16:1e-1
id26050	1 3 |a ab39 ab14 |	d7:2.5 |c ca5 ca18 ca31:0.3
id555769	-1 2 | |a |c :2
1 1 t418|a  ab28 |c  ca32:1e-1 |b |  :0.5  :2  d34:-1
1 |b |a ab26:-1
-1 't323|c ca38:.75 ca4 ca29:2.5 |a	color:red	ab30	ab0 |a	ab24
-1 0.5 0.3 't29 |c:1.5 |b ba23 ba2 ba5:0.3 | d27:+2 |a ab11 color:green ab16
-1 3 t652|a	ab30	color:red	ab27
1 t170| color:blue d11:.75 |a:1.5  ab32:2.5
1 3 0.1 t186|	d6	d21 |a:2 |b:1.5 ba18 ba21 ba33 |c:0.5 ca22:0.3
1 t353|b	ba32:-1 |a ab35:.75 color:blue ab14 |	color:green	d3 |c	ca2:.75	:-0.25	ca25
-1 |	:2	d7
1 0.25 0 't135 |b	ba8	ba17:2.5	ba13:.75 |a	ab24:2.5	ab9	ab10:2.5
-1 0.5 t815|b:0.5  ba24 |a:0.5 color:red ab17 ab12:2.5 ab26 |c ca13:+2 ca22:1e-1 ca35 :0.5 |a	ab20 |b:2
-1 0.5 -0.2 |b	ba21:1e-1	ba26 |a	color:green |
id318702	-1 0.25 |a ab31 ab34 ab27 |c	ca1	ca18 |
-1 't358|b:1.5 ba16 |a:2 ab1:.75 | d26 :-0.25 d23:-1 |a
-1 3 |a |a:2
-1 0.25 0.3 t230|b |
id10877	-1 0.25 |c:1.5 |a	ab16:+2 |b ba14:2.5 color:red |
-1 't818 |	d23:1e-1	d27:1e-1	d26:1e-1 |c  ca13 |a:2  ab2:+2  color:green |a ab26:-1 ab12:-1
id268619	1 2 |a ab1 ab2:+2 ab14:2.5 ab36:0.3 |b ba26:-1 ba9:0.3 |c:2  ca6:+2 |	color:green	d21 |a:2
-1 't505| d26:.75 d2:-1 d29 :0.5 |b  ba1  ba16  ba30:2.5  ba36 |c  ca2:1e-1 |a ab22:-1 ab27 ab10 ab32 |b:2
-1 3 -0.2 |b  color:red  ba20:2.5 |  d27  color:green  d35:+2
1 0.5 t252|b
-1 2 -0.2 |b ba31:1e-1
-1 't493 |c |  d25:2.5  :1.5  :1.5
-1 3 t989|a:2  ab38  ab1  ab7:0.3
1 3 t730|b ba11 color:blue ba34:1e-1 |a:0.5	ab1	ab24	ab4:1e-1 |a  ab33:+2  color:blue  ab8:1e-1
-1 3 0.3 t100|b:1.5 color:red |c	color:red | d8:2.5 :1.5
-1 1 |c :-0.25 :2 ca2 :2 |b:0.5 |a
1 0.25 |c  color:green | |a:0.5 ab14:-1 color:green ab27 ab3
1 0.5 0.1 |b ba12:1e-1 ba31 |	d29	d7	d21:0.3 |c  ca38  ca6  color:blue |a  ab6  color:red  ab30
-1 0.25 t564|b color:red ba30 ba23 |c:0.5 color:blue |a
-1 |b ba30 ba18:.75 | d10:+2 d24 |a
1 0.25 | d11 |b  ba7  ba22:1e-1  ba5:0.3  ba12
-1 0.25 t403|b ba30 | d20:0.3 d1:-1 d17:0.3 color:green
id968841	-1 1 |  d27:+2  d17:1e-1  d34:2.5 |a color:red ab38 ab13
1 3 t737|c |	d24	d3	d32:1e-1 |b:0.5 color:red |a |c
-1 3 0.1 |c |b  color:red  ba38
-1 0.5 t342|	d11 |a	ab21:-1	ab35:+2 |a ab39:0.3
1 1 0 't33 | color:blue :1.5 d3:.75 d10 |b color:red |a ab30:+2 ab12 |c	color:green	ca16:1e-1	ca22:0.3	ca14 |a:2	ab28
1 0.5 0 | d0:+2 :2 |a  ab8  color:red  ab32:-1  ab39 |b ba31 |c ca21 ca2
1 0.25 |b:0.5  ba25  ba7:2.5 |a |c  ca10  color:green  ca15  :2
-1 t208|  :1.5  d16:0.3  d38:1e-1 |c
id894678	1 1 |c
-1 't372|c	ca5:+2	color:red |a:1.5 ab32 ab8:2.5 ab28:0.3
1 3 t854|a color:green | |a:0.5  ab3  ab5  ab23  ab11:0.3
1 t11| :0.5 d2 d25:.75 d6:-1 |c:0.5  ca23:.75  ca6  color:blue
1 |b |a color:green |a  ab24  ab13:.75
-1 0.25 0.1 |a:1.5 ab32:.75 |a |b:2
-1 |b | d35:-1 |c	ca9:2.5	ca37:+2	ca7:+2	:0.5
1 0.5 -0.2 t664|c ca33 ca18 ca10 |b  ba35 |  color:green  d3  d4:+2 |a:2 ab1 ab16
-1 t572|b  ba3  ba30 |c
-1 2 |a	ab4
-1 't934 |b	ba10	ba38	ba7 |a:1.5 ab19:2.5 ab8 |c ca24:1e-1 | |a ab31
-1 't279 |c:2 :1.5 ca1 ca26 ca36:2.5 | :-0.25 :1.5 d0 d12 |a color:green ab18 ab32 |b:1.5 ba21 ba39:0.3 ba26 ba27:0.3
-1 0.25 0 t462|a ab20 ab19 ab8 ab34 |a:1.5  color:green
-1 3 -0.2 t567|c:2	ca27:+2 |a ab29 |b:2
-1 1 0.3 t215|  d24  color:blue  d0:1e-1  d12:+2
-1 0.5 0 't565 | d17:1e-1 |b	ba9:1e-1	ba26	ba21	ba28:0.3 |c  :-0.25  ca7:+2  ca29:2.5  ca13:2.5 |a  ab9:0.3  ab11
-1 't340|c ca30:+2 |b  ba23:-1  ba33 |a	color:blue	ab6
1 2 0.1 't231 |a:1.5  ab22  ab32:2.5  ab28:1e-1  ab14:.75 |a  ab18 |c
-1 2 0.1 t268|b:2 color:blue ba33 ba30
-1 3 0.3 't334 |b:0.5 |a	ab10	ab11:+2	ab25	ab29:1e-1 |
-1 2 |b ba27
id825840	-1 0.25 | |a:1.5  ab9:-1  ab13
1 1 |b ba30 color:red |a |c ca24 ca36:2.5 |a:1.5
id954649	-1 2 |a ab0 ab13 ab24 |c  ca16  ca9:0.3  color:blue  ca2 |b:1.5 ba24 ba30:1e-1 ba14 |	:1.5	:1.5 |c
1 't470 | |b |a
id167731	1 3 |c	ca10:1e-1	ca6	color:blue
-1 1 t219|c |b:0.5 ba17:.75 ba6:1e-1 | :0.5 d33:0.3 |a |a:0.5	ab13	color:blue	ab21	ab18:1e-1
1 1 t483|c color:red |	d20 |b	ba13	ba17:-1	ba35:.75
1 2 t982| color:red |
1 't908 |a ab21:1e-1 ab30:.75
1 0.5 -0.2 't697 |  d36:0.3  d29  :1.5 |a ab33:0.3 ab22:1e-1 color:blue ab15:+2 |c ca28 ca15 ca38:+2 ca21:+2 |b:2	ba11	ba30:1e-1	color:blue	ba34:.75
1 't582|b ba26:0.3 ba30 ba19:0.3 | color:red d34:+2 |c ca2 |a:0.5  ab12:2.5
-1 0.5 t930|a ab23 ab36:.75 ab1 |b ba19:.75 color:green ba26:-1 |  d37  d36:+2 |
id483768	-1 1 |b	color:green |c:1.5  ca25  :1.5 |a |a:0.5 ab8:1e-1
-1 0.5 t192|c	ca20:+2	ca9	:2	ca8:-1 | d6 :-0.25 d37
1 0.5 -0.2 | d38:-1 d28:1e-1 d24 d21 |a	ab0	color:red
-1 0.25 t158|c:0.5 color:green |b:1.5  ba32
-1 3 |  color:blue  d21:0.3  d12 |a
-1 1 0 t141| |a:2  color:red |c |b |a:1.5
-1 3 -0.2 't436 |a	ab32	ab38	color:green |c	ca17	ca2	color:green	ca27 |b ba12 ba3:2.5 |
-1 't84 |c ca33 ca37:-1 :0.5 |b ba4 color:blue | d3 d11 d34:-1 color:red |a ab29 ab5:.75
1 0.5 0.3 |  d3:+2  d24  d7:+2  d4 |c
-1 2 t565|b  ba7  color:green |  d3:.75  d15:0.3  color:red |a:2 ab11 color:blue ab38:0.3 |
1 't204|c	ca6:+2	ca13	ca24 |a:0.5 ab20 ab25 ab38 |b:2 ba33 |a:0.5
-1 1 0 t60|b color:red ba11:-1 | d17:.75 :1.5 |c ca13 color:red ca32:1e-1 :2 |c
1 1 | :2 |a:1.5  ab1 |
1 2 -0.2 |c:1.5  ca34:0.3  :-0.25  ca12:1e-1 |b:1.5  color:red |a  ab31 |c
1 1 0.3 t547|c:1.5  ca18:2.5  ca0  color:red  ca14:-1 |a	ab30	ab0
-1 t115|c ca13:+2 ca18 | d30 d16 :1.5 |a  ab13  ab21  ab3  ab32:+2 |b color:blue ba37 ba5
-1 't133 |c:1.5  ca32  :-0.25 |b  ba11  ba30  ba15  ba33 |a  ab38:2.5  ab15  ab18:2.5  color:red |c
1 | d17:-1 |a	ab11	color:green	ab14	ab37
1 t705|b:2  ba8:.75 |c:1.5 ca39:0.3 ca25 ca23:2.5 ca29:-1 |	d26:-1	d20:+2 |a ab31:1e-1 ab17
id15531	1 0.25 |a ab31 ab24 |a ab37:1e-1 ab22 ab3 ab5
1 't434 |	d37:1e-1	d13	d8	d5 |c ca11 ca38:2.5 color:red |b ba18 |a ab29 ab14 ab17 ab30
1 't412 | d17 d24 |b	ba13:.75
-1 |a  ab25:0.3  color:green  ab12:1e-1  ab14:1e-1 |c  ca18:-1 | d33 d37 :-0.25 d30:-1 |b ba28 color:red
-1 t895|a |b:0.5	ba37 |c
1 3 |a:0.5	color:blue	ab23	ab35:2.5	ab27
id143803	1 3 |	d28:.75	d25	d16:2.5 |b  ba29  ba27  ba10 |a:1.5 |c
1 0.25 0.3 |a ab18 ab21 ab20 |c:0.5	ca23	:0.5
1 t111|b  ba11  ba16
-1 't324 | color:blue d5:-1 |c:2 ca11 :-0.25 color:blue |a	ab5	ab8:.75	ab32	ab35
1 3 0.1 |b:2	color:blue	ba11	ba35
-1 1 0.1 't736 |c |  d26:2.5 |a |b ba32:+2 |a:1.5	ab23	ab13	ab21	ab22
-1 't21 |b |a	ab7	ab15:+2 |c:2	color:green	ca15:2.5 |a:0.5  ab8:-1  color:green
1 |a ab31:1e-1 ab37 |c	ca17:2.5	ca32:.75	ca31:.75 |b color:blue ba22:0.3 ba23:.75 ba19
1 3 0.3 't342 |c  :-0.25 | d3 |a:1.5
-1 't245 |b |a ab9 ab37:2.5
-1 t470|b  ba37:0.3  ba13  ba19 |a | |c :-0.25 ca19:2.5 :2 color:blue |a:1.5
-1 3 -0.2 't361 |	color:red	d19:0.3 |a:1.5
1 't85|c:0.5  ca15  :2  ca28 | d30 color:green :1.5 d31:.75 |a	ab9 |b  color:red  ba36 |a:1.5 ab39:-1
-1 3 -0.2 t487|a |a ab39 |c
-1 0.5 0.3 t547|a	ab8:-1	ab34:+2	ab22	ab7 |	:1.5	d30:+2 |c color:green |b  ba30  ba17:0.3  ba32  ba2
-1 't331 |c:2
id448592	1 0.5 |b |a  ab23  ab9:-1  ab38:0.3
-1 0.25 0 |a ab0:.75 |b ba24
-1 3 t585|c:1.5 color:blue ca34:.75 ca37 :-0.25 |b color:red ba15:-1 ba23 |  d18:.75  d1
-1 0.25 0.3 't713 |b	ba9	ba34	color:green |c:1.5	ca25	ca13 | :0.5 d3:1e-1 d19 d7:+2 |a ab15:2.5 ab20:.75 ab24 |c
1 't415|c ca28 :1.5 ca37 |b ba9:2.5 ba25 |a:0.5
1 0.5 0.1 |c  ca27:.75  ca38  ca19:1e-1 |a  ab13  ab38  color:red  ab8
1 t62|b |a ab4:1e-1 ab0 color:green ab14 |
-1 0.25 0.1 't998 | d34:+2 |c
1 0.5 t369|a ab33 |b:2 |b:2
1 't875|a:0.5 |c
1 2 0 |c | :2 |b |a:0.5	ab31	ab3 |c
1 2 -0.2 t174|b ba4:2.5 color:blue |c :1.5 ca25 :1.5 :0.5 | d5:0.3 :2 d12 |a
-1 3 | d17:.75 color:red |b	ba33:2.5	ba25	ba37
1 0.5 |b  ba20:0.3  ba26:0.3 | d31 d20:2.5 |a:1.5 ab33
id191912	-1 0.25 |c:0.5 ca27 | :1.5 |b  ba15:.75  ba34
id584225	-1 3 |  :1.5  d7:1e-1  d13  color:red |a ab19:+2
1 |a:1.5  ab24  ab28  ab14:-1  ab16 |b	ba19:1e-1	ba29:.75	ba4 |	d20	color:blue	d30:.75 |a:2
1 t560|	d10	d38	d29 |a  ab3 |c	color:blue |b:0.5  ba34:0.3  ba19  ba26 |a	ab8:0.3	ab12 |c
1 t279| d17 |a ab1 color:green ab22:.75 ab6
1 t175|a  ab7:-1  ab24:+2  ab20  ab27 |b  ba39  ba36
1 1 t241|a color:green ab9 ab16 |b:2 |a:1.5  ab6  ab3  ab0
-1 0.25 0.1 't716 |	d3	d24:.75	:1.5	:1.5 |c  :2  ca30:+2  color:red |a:0.5 ab22 color:blue |a	ab10:.75	ab24
-1 0.5 t556|b:2  ba20  ba14
-1 |a |	d30 |b:2  ba31
1 2 -0.2 t136|b:0.5	ba21:0.3 |c:1.5	ca5	color:red |a ab37:2.5 |a:1.5	ab23:0.3
1 't812 |b	ba34	ba21:1e-1	ba11 |a:1.5	ab4	ab5:2.5 |a ab30 ab29 color:green
-1 't657 |  d8:0.3  :1.5  d5:2.5 |a |a:1.5	color:blue
-1 |c	ca14 |b	ba20:+2	ba10 | :0.5 color:red d36:+2 :1.5 |a |b:2
-1 1 t652|c  :-0.25  color:red  ca28:-1  ca30:2.5 |b	ba26:1e-1
1 0.25 t349|a |b:1.5	ba4 |	d38 |c ca11 color:green ca25
-1 't51 |a:1.5  ab17  ab21 |c
1 3 0 t708|b	ba2:2.5	ba34:0.3	ba0	ba18 |c:1.5 | :-0.25 d19:.75 |a ab15 ab16:.75 ab29 ab31 |a
id35420	-1 2 |a:0.5
-1 |b:0.5	color:blue	ba39:+2	ba35
id875175	1 0.25 |b:0.5  ba20:0.3 |a  ab11:0.3  ab10:2.5  ab36  ab27
-1 |a  ab15:-1  ab35:-1 |b:2
1 t576| |b
-1 't445|b ba3 |c:2	ca22:+2	ca7:+2	:1.5 |a ab0:.75 color:red ab13:2.5 ab29 | d11 d28:+2 d35:+2 d33:2.5
1 't592|c ca22 |a	ab20 |b:2 color:blue | d6 d35
1 't179| d39 color:red d33:.75 |c |b:0.5  ba17  ba30 |a:1.5  ab2:+2  ab8  ab35:+2  ab37:0.3 |
-1 3 0.3 't10 |c  ca31  :-0.25  ca33:2.5 |b  ba33  ba26 |a ab23:2.5 color:blue
1 |a |  color:green  d20:1e-1 |b:1.5 ba36:1e-1 |
1 3 -0.2 |b  ba19:1e-1 | |c
-1 't745 |	:2 |a	color:green	ab35	ab36:.75	ab8:-1 |b  ba25  ba15:1e-1  ba33  ba4:0.3 |a ab20:+2
1 0.5 0 t881|  d26:2.5  :2  color:green |b ba7 color:red |a ab25 ab2:1e-1 ab22:-1 ab26 |c color:blue ca15 ca7:1e-1 :0.5
-1 2 t406|a |c	ca20	:2	ca7:.75 |b	ba31	ba33:1e-1	color:red
1 t799|c |
-1 0.5 0.3 't742 |b |c:2  ca9 |	color:blue
1 1 t251| |c ca36 ca20:-1 ca1:+2 |b color:red
1 0.25 0 t469| |b  ba28  ba14:2.5  ba10:.75 |a ab27 ab28
1 't734|b ba16:.75 ba0 ba28 ba8:1e-1 |a ab38 color:green | d17
1 2 0 t79|	:2	d21:.75 |c  ca13:-1  :0.5 |a ab22 ab21
-1 0.25 |b ba33 color:red ba28 ba9 |a  ab37  ab30 |c	ca31	ca1:1e-1	:2	:0.5 |a
-1 2 0 |a ab2 ab7 ab15 ab14 |c ca29 ca39:1e-1 |	d18 |b |a  ab25:2.5  ab23
1 |b  ba11:+2 |a:0.5
id511460	1 2 |b ba11 color:red |a:0.5  ab34:1e-1  ab11  ab30
-1 0.25 0.3 't297 |  color:blue  d4  :-0.25 |b |c	color:blue	:2
id393453	-1 3 |  d18  d10 |c:0.5 |b ba29:.75 |a:2	ab33:+2	color:green	ab10:2.5
-1 't589|b:2  ba14  ba4 |	d25	:2	d28 |a |c ca26 |a ab28:2.5 ab20:.75
id239541	1 2 |c ca31:0.3 ca26 :2 |b color:blue
1 2 0.1 t601|	d33	:1.5	:-0.25 |c:2	ca14	:2	ca0:1e-1 |b |a ab32 ab21:-1 color:red
-1 0.5 -0.2 |  color:red  :-0.25  d7:-1  :-0.25 |c:2 |a	ab27	color:green	ab37 |b |c
1 t468|b |  d8  d12:0.3  d26  d17 |a	ab22:+2
-1 0.5 |b ba1 ba25 |a:1.5  color:green  ab29:+2
-1 |  d1  d36:1e-1  :2 |a |c ca29 ca22 |b
-1 0.5 |b:0.5 |a  color:blue | d8 d30 color:red
-1 0.5 0 't598 |a |b  ba31:0.3 |c:1.5 :0.5 :0.5
id950463	-1 2 |c ca19:+2 color:blue :-0.25 |b	ba1
1 0.5 -0.2 't249 |	d33	d6	d0:0.3 |
-1 't735 |a ab21 ab18 |c |a:0.5
-1 't955 |a:0.5	ab36 |b  ba38 |a color:blue ab16
id496670	-1 0.25 |b:2 ba3:0.3 |a  ab13:+2  ab38  ab12  color:blue
1 't737|c  ca7 |a:2  color:blue  ab38:2.5  ab2  ab14 |b:2
-1 't969 |c:2	ca10:2.5	ca27	:0.5	ca17:.75 |  :1.5  d12:2.5 |a:0.5 |b:1.5 |a
1 0.25 |a	ab19:0.3 |  color:red |c ca27 ca0:1e-1 ca15 |b ba23:2.5 ba12 color:blue |a:0.5
-1 't674|a:0.5  ab16 |a |
-1 't774|a:1.5  color:green  ab7 |a:2 ab11 ab0:.75 ab1
-1 0.25 0 't154 |a:2  color:green  ab39:.75  ab5  ab36:.75 |b ba10 ba7:.75
1 3 t382|  d38  :2 |a:0.5 ab25 |c	ca21	ca6:1e-1	ca9:0.3	ca30:.75 |b:1.5 |a:0.5 ab13:.75 ab17:2.5
-1 0.25 -0.2 t998|c |a:2 ab11 | :-0.25
-1 't80|c:1.5  :2  color:green |a:2
1 |a ab31:0.3 ab18 ab22 |b ba11 ba29 ba15 ba20 |c	color:blue	ca35 | d26 d5 :0.5 |a:2
1 0.25 -0.2 't383 |a ab27:1e-1 ab31 ab23:+2 |	color:blue	d5:.75 |c ca28
-1 1 t867|c  color:blue |b |a
-1 0.25 0 't741 |b:2	ba25	ba38 |a |a	ab28:-1	color:blue
1 0.25 t354| d12:2.5 color:blue |c:1.5 |a ab8 ab33:-1 ab35
1 0.25 t168|a color:red |b:1.5	ba35:-1 |c ca33:0.3 ca9 color:blue |  d37  :1.5  :0.5  color:green
-1 0.5 t788|c:2  ca29:2.5 |	d24:-1	:0.5	d33	color:red
id267492	1 1 |b ba39:.75 ba24 ba14:.75 | d26 color:green d9 |c	ca20:2.5	ca39 |a:1.5  ab36  ab12  color:blue
-1 2 0 | d37:0.3 d25:1e-1
-1 1 0.1 t234|b |a:2	ab7 | color:red :0.5 d34 |c	ca13:2.5	ca21:1e-1	color:green
id100710	1 0.5 |  d32  d10:1e-1  :-0.25  color:red
1 2 0.3 't471 |	color:red	d36:.75	d13 |a:0.5 color:blue ab1:.75 ab28:.75 |a  ab39
1 0.5 0.1 | d27:1e-1 |c :-0.25 ca16 |a |b ba3 ba16 color:red ba22 |b:2
1 't683|a:1.5	ab4:2.5	ab39:2.5	ab9 |c ca8:.75 |b ba4 ba19 ba28 | d27:.75 d7:.75
1 3 0.3 't571 | d38 d28:2.5 d27:+2 |c  :-0.25  ca24 |b  ba39 |a ab7:+2 ab10 ab28 ab3 |
-1 |c color:red |b | d8:-1 :-0.25 :1.5 |a	ab28:1e-1	ab36	ab20	ab7
id449361	-1 3 | d27:0.3 d12:+2 |b ba11:-1
1 3 0.3 |b:1.5  color:green |a |c ca5 ca34 :1.5 |
1 1 0 |a:2 ab21 ab35 ab30:1e-1 ab8:+2 |	d37	d13:1e-1	:0.5 |c color:green
id16410	-1 1 |c:1.5	ca17	:1.5	ca30:2.5 |b:2
id749325	-1 1 |c |b:2  ba15:0.3  ba9:+2  ba5 |a ab17:+2 ab36:0.3 ab19
1 't650 |a color:red |c	ca12 |	d19:+2 |a ab13:1e-1
-1 't947|
1 't971 |	d26
1 t431|	:-0.25	d6:+2 |a	ab20:1e-1	ab5	ab34 |b:2  ba8  ba31:1e-1  ba27:.75 |c |a ab18:0.3
-1 't422|	d35	d8:1e-1	color:red |a ab30 ab25 ab10:.75 |
1 't538|c ca5 color:blue | |b	ba2	ba29	ba30 |a:1.5  ab37:+2  ab28:-1  ab2:-1  ab39
-1 2 0.1 't408 |c :2 ca35:+2 ca3 | d30 d34 d2:.75 d25 |b:2 ba29 ba25:2.5 color:blue ba1:+2
-1 t224|	color:red	d18	d13 |a:2 |c:1.5 color:blue :2 |b ba8:2.5 ba33 ba29
1 0.5 -0.2 |b:1.5  ba27  ba34  ba8 |c	color:red	:1.5
id91066	-1 3 |  :0.5  d36  d20:.75 |c:0.5 ca24:1e-1 :-0.25 ca9
1 2 0.1 | d24:.75 :-0.25
-1 2 -0.2 t675|a:2  ab1:.75  ab7  ab9:+2  ab37:1e-1 |	:0.5	:2 |c  ca17:0.3  :0.5
1 't957|c ca22 |a |	:-0.25	d36:-1
id456878	1 2 |a ab14 ab13 ab7 | |b:1.5 ba24 ba10
1 't651|a ab9 ab1 color:green
1 't722|c:0.5 ca17:0.3 ca12 :-0.25 |	d27 |a:0.5 ab21:1e-1
-1 0.5 |b:0.5  ba23  ba13 |a  ab21:-1  ab25  ab36  ab23
1 't184|c:1.5 :0.5 :1.5 ca34 |b  ba24:1e-1  color:red  ba1:1e-1 |	color:blue	d21:0.3	d35:0.3	d10 |c
1 2 -0.2 't175 |a:0.5 ab13 ab32 ab39:2.5 ab33:-1 |b ba17 | d8:2.5 d5 |c
-1 0.5 0 t502|c  color:blue |b |a ab11 color:blue ab34:1e-1 ab25:2.5 | d4
-1 2 t562|c :2 color:green ca19 | color:red |
-1 't495 |c:0.5  ca22  ca28  ca38
1 0.25 -0.2 t797|c:1.5 ca10
-1 't600|c ca22 |a  ab30  ab33  color:blue
-1 't622|c  ca29:-1  :0.5  :-0.25 |a
1 't83 |  color:red  :1.5 |c :0.5 :0.5 |c
1 't98|b:2 | |a color:green
1 0.25 |a ab1 |	d6	d38:1e-1	d2:.75 |b:0.5	color:red	ba22	ba36:1e-1	ba1:.75
-1 t484|b  color:green  ba20:.75 |	d33 |c	ca15	ca6	ca29
-1 't503|a |	d12	d21	d17:-1 |a  ab15
1 3 -0.2 t222|b:0.5	ba8	ba19:1e-1
1 1 |b
-1 0.5 -0.2 't578 |a ab5:1e-1 ab6:0.3 ab39 |b:1.5 ba13:2.5 ba38 ba10 |
1 0.25 | color:red |b color:green |c	ca30	ca7:2.5 |a color:red |
-1 1 0.1 't855 | d12:2.5 |a:0.5 ab0:2.5 ab11 ab24:.75 ab7 |b |c
-1 't633 | d26 d38:+2 color:green |b ba16 ba33:1e-1 |a:1.5	ab2
1 0.25 0.1 |a:2
-1 3 0.1 |a ab14 ab13 ab37:2.5 |b ba28:1e-1 ba20 ba7:0.3 ba27 |c color:blue ca7
1 0.5 -0.2 t560|c  color:red  ca37  ca19 |a:2	ab14	ab12 | d22:.75 d28 :2 color:green |b |a
-1 |b:0.5 |a ab6:0.3 ab13 ab25:.75 ab29:2.5
1 't877 | d32:.75 |a  ab32 |b:0.5  ba24  ba27  ba22:-1 |c
1 2 0.1 't205 |b	color:green	ba33:1e-1	ba37 |c:0.5 :1.5 color:blue ca20:.75 |  d4 |a  color:red  ab24
-1 2 0.1 t271|b ba28
1 3 0 |b ba1 color:red |c ca17 ca18 |a	ab28
1 't823 |c  :0.5  ca21:.75  ca33  ca34:2.5 |a:0.5 ab35:2.5 ab27:2.5 ab39 | d15 d9 d28:2.5 d12:-1 |a	ab25:2.5	color:red
-1 3 0.1 't935 | d31 :2 color:green |a  ab25:2.5 |b	ba28:1e-1 |a
1 't47| d6 color:blue d14 |b color:green ba25 ba10
-1 't259|  d27:+2  color:red  d20:0.3 |c |a ab23 ab0
id973106	1 3 |b:1.5 ba29:1e-1 ba1 ba33 ba31:0.3 |c  color:green  ca2  ca33 |a:2 ab34:-1 ab32
-1 2 0.3 |  color:blue  d27:2.5  d32:-1  d15 |b ba8:+2 ba11:2.5 |c  ca6:.75  ca0 |a
-1 t336|a  ab1  ab27  ab30:+2 |c	ca33 |b:1.5  color:green  ba18  ba8:.75 |
-1 1 0.3 |c | d3:+2 |b ba5 ba1
id319913	1 1 |c ca31:1e-1 ca28:0.3 ca38:0.3 :1.5 |a ab18:+2 |b	ba30:-1	ba19:1e-1	ba39:.75	ba34 |b:2
id24241	-1 1 |c :-0.25 :1.5 ca13 |a
1 0.5 t351|a ab32:2.5 |b:2
1 t515|a | color:red d31 d11 d35 |c ca21:-1 |b	ba13	ba1:2.5	ba19
-1 't96|c  ca24  :1.5  ca30:.75 |a:2 ab20 color:green ab25 ab39 |  color:red
-1 0.5 | d23:1e-1 d17 |b:1.5	ba22:.75	ba23 |c:0.5	color:blue	ca14:0.3 |a  ab7:+2  color:red  ab18  ab39:2.5
1 0.5 0 t147|c  ca28  ca10:+2  ca26  ca16:+2
-1 0.25 |b
1 't988|b:1.5	color:red	ba37	ba19:-1 |a	ab18	ab5:0.3	ab2
-1 't881|  color:blue  d6:1e-1 |a	ab22
-1 0.5 0.1 |a:0.5 |b  ba16  ba29  ba30  ba13 |a  ab14
-1 1 0.1 |a |b:0.5 |
id16264	-1 3 |b |c:2 :2 ca26 ca5:0.3 :-0.25 |a:0.5	ab30	ab19	ab0:0.3
-1 3 0.1 t208| d21 d17:-1 |b  ba32:.75
1 't42 | :-0.25 color:green :1.5 |c:2  ca10:2.5 |a:2 ab27 ab8 ab17
-1 't917| d36 d3:2.5 |a  ab16:-1  color:green  ab17 |c:0.5 ca16:+2 ca12:-1 ca38 :1.5
1 0.5 | d13 :1.5 |a ab3:.75 ab20:+2 color:blue ab14:.75 |c:0.5 ca28:-1 |b:1.5 color:red ba12 ba19:1e-1 ba38 |a ab13 ab17:1e-1 ab12
1 't51 | |b color:green ba5:0.3 |c:1.5 ca3 :2 :2
1 2 |b	ba36 |a  ab38
-1 |a:2 color:red ab6 ab13 |c	ca10:2.5	:1.5	ca26 | :2 d29:-1 d18:-1
id882827	-1 1 | color:blue d26:-1 |c |a
1 0.25 0 t888| d27:.75 d25:2.5 d29:0.3 d34:2.5 |b:2  color:green  ba22  ba10
-1 1 -0.2 |a	ab18	ab37 |b:2  ba32:-1  ba30:.75  ba7:2.5 |a:1.5 ab13:-1 ab16:0.3 ab14:1e-1 ab39
1 0.5 -0.2 t5|b |  d4  :2  d0  d10 |a ab35:-1 ab23:2.5 ab20:1e-1 ab28
1 0.25 |b  ba11  ba5 |c:0.5 color:green ca29:0.3 |a | |
id144153	1 2 | d32 color:blue d25:0.3 d20 |b |c ca24:+2 ca0 color:red |a ab31
id146836	1 0.5 |c	ca29:2.5
1 't916| |a:1.5 ab11:2.5 |b  color:blue  ba25  ba1:1e-1 |c ca36:.75 :1.5 ca37 ca7
1 2 t413|c  ca37:0.3  ca20 |a:2 |a ab15 ab34:-1 color:green
id635278	1 3 | d6:.75 :1.5 |c:2  color:blue  ca5:2.5  ca29
-1 2 t436|b:1.5  ba4:1e-1 |	d0:0.3	d30:.75	d37:-1	color:blue |a	ab11:2.5	ab33:+2	ab12	color:green
-1 3 t658|c:0.5	color:green	:0.5	:0.5	:0.5 |a color:green ab4 |b  ba8  ba22:-1 |  d8:2.5
1 0.5 t484|c  color:blue  ca27  :1.5  ca29:+2 |a  color:green  ab32 |a	ab11	ab18	ab15:0.3
-1 t133|a	ab37	color:red |b |a:0.5  ab3:+2
1 t303|a ab7 ab23:-1 ab22:0.3 | color:red d15 |b	ba29:.75	color:red |c ca32:2.5 ca18:+2 ca14:-1
-1 0.5 0 t318|c	:2	ca25:2.5	ca13 | :0.5 d1 :2 |b  ba28:1e-1  ba34:.75  ba29 |a  ab6  color:blue  ab34:+2 |a:0.5 ab17:+2 ab14:+2 ab33:1e-1 ab13:2.5
-1 3 |a  ab35:.75  ab2  color:green |b:1.5 ba32:2.5 |
1 1 -0.2 |a:2  ab35:+2  ab17  ab14 |
-1 2 -0.2 't12 |b	ba26	ba11 |a:1.5 |c:2	ca3	ca36 |a:1.5 color:red ab21:-1
-1 2 |b |a:1.5
-1 't528|b ba5 color:blue ba7 ba32:-1 |a	ab23 |	d5	d20	d8:+2
1 3 0 't867 |c  ca39  color:green  :2 |a  ab19
1 0.5 0.3 |a  ab18
id580941	1 2 |b ba13 ba18 |a ab11:0.3 ab7:.75 ab9 | color:blue d16 |c  ca28:1e-1  :0.5  ca33  ca23:1e-1
1 't462 |c  ca27:1e-1  ca2:+2  :1.5 | |b
1 |b:2 ba22 ba8 |c  ca14:0.3  ca30:0.3
1 1 -0.2 t427|a	ab28	ab31:-1 |c:1.5 :1.5 :0.5 color:red | d31:0.3 |b:1.5 ba15 ba29 ba24:.75 |a ab21 ab25 ab39 ab20
id771551	-1 0.25 | d13 |b |a  color:blue  ab9  ab26
1 |a ab12 ab5 ab33 ab29:+2 |b  ba29 |c:1.5	color:green	:1.5	ca22 |a ab11
-1 3 -0.2 t28|b  ba32:.75  ba36 |c:0.5 | d14:.75 :0.5 d9
1 't858 |a |a	ab11	ab6:+2
1 2 t275|a  ab12:+2 |c  ca9  ca22:-1  ca18:-1 | :2 color:red d2:.75 d35:-1 |a:2	ab18	ab26
-1 |c:2 |  d27  d2 |a ab3:+2 |b	ba22	ba12	ba1
-1 3 0 't803 |a	ab21 |	d37:-1	d6:2.5	d30 |c |b:0.5 |a	ab24:1e-1
1 't737|a	ab20	ab29 |b	ba24
-1 1 0 | |c	ca32 |b  ba20:-1  ba36 |a:1.5	ab19	color:red |a	ab8
1 3 |b |a |c ca14:1e-1 ca13
id231642	-1 0.5 |c  ca0:2.5  :0.5  color:blue |a:2 ab10:2.5 ab12 ab36 ab9:-1
1 t506| d16:1e-1 :0.5 color:green :1.5 |b |b:2
1 t719|b:2 |c color:red ca3 ca23 |a color:blue ab35
1 t649|
1 t410|b  ba2 |c  :0.5  ca21 |a:2	color:blue	ab26 | :-0.25 d0:+2 |a  ab13:2.5  ab18
-1 1 0.3 |b color:green ba12 ba10 |a:0.5
1 2 0 | d22 :-0.25 d1 |c	ca4:+2	ca37:.75	ca36:0.3	ca9 |a
-1 1 0 t739|c:0.5 :1.5 |b ba1 ba23 ba17 |  d4:.75 |
1 t350|c:1.5 |  :0.5 |b
-1 |a  ab37:0.3  ab38:1e-1  ab5 |c |b	ba7 | d3 d10:2.5 :1.5 color:blue |a  ab35:2.5  ab29
-1 2 -0.2 't978 |a color:blue | d0 d22:2.5 d4 d21:-1
id760646	1 3 |b color:blue |c
-1 't517 |c color:red ca17 ca3:+2
-1 't53|c ca33:.75 ca10 :0.5 :1.5 |b:0.5 ba6 ba14 |a	color:red	ab38:0.3 | |c
1 1 t961| d36 d8 |a	ab12	ab8	ab35 |b:0.5 ba0:+2 ba35:-1 |c:0.5 |b:2
1 0.5 |b:2 color:blue |a:2  ab33:-1  ab24:1e-1  ab9
id486640	1 1 | d27:.75 d0:.75 d21:.75 |a
id469583	-1 3 |b:1.5  ba2:2.5  ba21:.75 |a
1 't623 |b:1.5 ba7 ba2 color:blue ba30 |a:0.5 |
1 0.25 0.1 |c | color:green d4:1e-1 d1 d3:+2 |a:0.5 |a ab36 ab33:.75 ab8 color:red
1 't921|c :-0.25 ca22 |a | d27 :1.5 d6 |b	color:blue	ba0:.75	ba15 |a:0.5 ab15 ab23 ab21 ab17
1 0.25 |b |c ca31:2.5 |a ab24 |a |
-1 't913 |b ba11:2.5 ba22 ba36 ba21:2.5 |a:2 ab3 ab2 ab32 color:blue
-1 0.25 0.3 |b:0.5	color:red	ba33	ba35:.75	ba29:.75
-1 3 0.1 |c  ca18  ca30  :2
-1 1 0 |b:2 | d17 color:green |c ca9:-1 ca26 ca20:+2 ca22:-1
1 | color:blue |c	ca18 |b:2	ba25 |a color:green ab10
1 1 0.1 t427|b | :1.5 color:red :1.5 |a color:green ab5:0.3
id657469	1 2 |a | color:red |c ca24:.75 :2 ca35
-1 2 0.3 t581|c |a  color:red  ab7  ab5:+2
-1 0.5 0.3 t98|b ba36 ba35:0.3 ba28 color:green |c:0.5 :2 ca35:1e-1 |
-1 2 0 t803|b |c color:green |a  ab25:2.5
-1 't933 |a	ab23 |b color:blue ba1 |c  ca22  ca6 |a color:green ab13
-1 't579 |a ab7 ab5:2.5 ab1:.75 | d25 :2 d1:0.3 color:red |c ca17:2.5 ca36:1e-1 |b	ba14:0.3	ba28	ba8:.75
-1 t225|a  ab16 | |c:2 ca4:-1 |a  ab7  color:red
-1 2 0.3 't709 |c |a	ab26	ab31	ab29
-1 2 0.3 |c
1 3 0 |b |c	:1.5	:-0.25	ca38 |a  color:blue
-1 2 0 't559 |  :1.5 |a ab30 ab6 ab16:1e-1 ab36 |b |c:0.5 |
id445387	1 1 |b:2  ba7  ba25  ba22:.75 |a |c |  d3:1e-1  d32  :2 |c
1 t927|c ca21:1e-1 ca4 |a:2	ab18:.75	color:green	ab15 | d17:.75 |b:0.5 ba24:2.5
-1 't448|  color:red |a  ab38  ab29:.75 |b	ba12	ba37	ba17 |c  color:green
-1 0.25 0.1 t71|b:2  ba35:0.3 | |a:1.5	ab27	ab30:1e-1
1 2 0.3 't875 |a color:blue ab23 ab33:-1 |c:2 ca30 color:red |  d6:-1  color:red  d25:.75 |b  ba37:0.3  ba15:.75  ba28 |a	ab38	ab7
1 0.5 0.3 t899|a	ab24:1e-1 |c color:red ca16:1e-1 |b
-1 't91|a:2 | |b:0.5 |c	ca3	ca16
-1 0.5 t237|a |c :1.5 ca0:-1 :2 |b:0.5 ba17 ba39 ba36 | |a  ab13  ab36:1e-1  ab15
1 2 t261| d28 d0
-1 2 |b	color:blue	ba10	ba5:.75 |	color:blue	d29:0.3	:2 |a ab34 ab12:1e-1 ab9
1 't125 |a ab11:-1 ab6 ab1 |c :2 ca17:+2 |b	ba3:-1	ba9 | d30 d12:0.3 :-0.25 d22 |a |c
-1 2 0.1 't978 |b:0.5 |	d13	d12:2.5 |a
-1 |	:2	d33:2.5 |b |a:1.5
1 't397 | d0:+2 :2 |a |b:2 ba7 ba0:.75
-1 't560 | d5 d37 |c	ca14:-1	ca2:.75	ca20 |b	ba9 |
1 2 0 |c	ca35:-1	:2	ca2:0.3 | d15:2.5 d28:1e-1 d11:+2 d39:2.5 |b |a  ab27  ab6:0.3  ab4:-1  ab24
-1 0.25 0.1 't995 |	d20	color:red	d3	:0.5 |a	ab3 |c  :1.5 |a  ab22:.75  ab9  color:green  ab21:0.3
-1 0.5 | |c  ca11  :-0.25  ca8 |b ba9 |a:2 ab39:.75 |a  ab11:2.5  ab8:1e-1
id3947	1 2 | color:green |c |b:2 |a:2	ab8	ab26	ab35	ab13
-1 0.5 t373| |b |a ab33 ab4:.75 color:green ab30:1e-1 |c:2  color:red  ca17:.75  ca38:+2
-1 0.25 |a |  d35:-1
1 't210 |c:0.5 | :1.5 color:blue
1 3 t199|b:0.5 color:green ba5 ba36 ba0:-1 |a  ab31
-1 3 0.1 |b:0.5 |c  ca25:2.5  ca5:-1  ca21:2.5  ca39:2.5 |	color:red	d35 |a ab3:0.3 |a	ab34:-1	ab0
id852768	1 0.5 |a ab20:-1 ab38
-1 t957| |a ab25 ab0 color:blue ab21 |b:0.5  ba6:.75  color:red  ba20:.75  ba27 |c	ca16	ca1	ca22:2.5
-1 't268|b ba12
-1 't622 |c ca11:2.5 ca33 :0.5 |a:1.5 ab36
1 2 |b:2 ba9 |  d16:.75  d3  d7 |a color:green ab7:.75 ab10
1 t229|a |a:0.5 color:blue ab17:2.5
1 t838| color:blue :2
1 3 0.1 |
1 0.5 |c |a ab33:+2 ab29 ab18:+2 |b  color:blue |
id821982	-1 2 |b	ba10:-1	ba13	ba23:.75 | :2 d10:+2 d29:.75 |a |a
id611700	1 0.25 |	d30	d23:2.5	d12	d18:2.5 |b |a |b:2
-1 |b
1 0.5 0.3 't782 |c ca6 ca24 ca15 |b ba4 ba14 |a  color:green  ab5
-1 t101|c
-1 |c ca27 |b:2  ba39:.75 |a |c
-1 0.25 0.3 't882 |b ba15 ba4 color:blue |a:0.5 | |c ca32:0.3 color:green ca27:0.3 ca21:2.5 |a:1.5  ab13:-1
-1 2 t691|a:0.5	ab26	ab38 |	:2	d26	d12:.75 |c:2	ca30:.75	ca6 |a color:green ab14:1e-1 |b:2
1 3 |a ab25:-1 |c :0.5 ca31:-1 ca2:.75
1 0.25 t260|	:2	color:red	d37 |c ca7:0.3 ca26:0.3 ca31:2.5 |c
-1 3 -0.2 | :0.5 |c  color:green |b  ba6:0.3
1 0.25 t149|c  color:green  ca27:1e-1  ca30:-1 |b ba37 ba28
-1 't754 |a	color:green |b  ba16:2.5  ba10:-1  ba30  ba4 |	d18:0.3	color:green |c ca18 ca13 ca12 color:red
1 1 |b |a	ab22 | color:blue d16:0.3 d6:1e-1
-1 1 t168| |c	ca34 |b color:red ba31 |
1 t515|b ba17 ba6:2.5 |a |c color:green | d3:+2 color:blue
1 |a  color:blue  ab8:1e-1 |	d12:.75	d3
-1 2 t404|a	ab31	ab8 | d24 d35 d38 d26:.75 |c |b:0.5 |a:1.5 ab15:-1 ab29:+2
id94501	-1 0.5 |c ca22 |	color:blue	d16 |a ab19 ab11 |b color:red ba4 ba22:+2
-1 2 t841|b	ba0	ba10:1e-1 |	color:red
1 't286 |a:1.5 ab35 ab12 |b ba34:+2 color:blue ba16 | color:blue d9:1e-1 |c  ca10
-1 't59 | d19:2.5 |c  color:green |b ba25:+2 ba34:2.5 ba37 |a	ab18	ab6	ab0
1 0.5 t539|	d22	d9:0.3	d28 |a ab21 color:blue ab3 ab18:.75 |c:1.5	:0.5	:2	ca34:.75	ca20:1e-1 |b:1.5	ba13	ba5	ba31:2.5
-1 3 t288|  d34  d24 |c |a  ab17:1e-1  ab33  color:red  ab37:.75
1 0.25 | color:blue d32 :0.5 d5 |a ab32:-1 ab12:.75 ab9:-1
-1 't640| :-0.25 d31:.75 d15:0.3 |a ab22 color:red |c ca4 color:green :-0.25 |b |a |
1 1 0.1 |c |b  color:green |a	ab24	ab23:+2	ab37 |  d15:.75 |a:1.5 ab0:.75
-1 1 -0.2 't992 |b:1.5 ba32 color:blue ba8:+2 ba20:.75 | d27 |c
1 t421|b
1 0.5 0.3 |	d2:-1	d9:.75 |a |c:1.5
1 't48 |
-1 t600|c ca39 color:green ca29 ca6 |a:0.5 ab21 |	d13	d0:0.3 |b ba39 ba31:.75 |a:0.5  ab35  color:green |
id423961	-1 2 |c ca38:.75 ca11 color:red ca29:.75
-1 2 0.1 |	:-0.25	:2	color:green	d13 |b ba0 ba11 |c:0.5 ca7:.75 ca11:2.5 |a	ab25:1e-1
1 't339 |a	ab35:1e-1
id334532	1 3 | :2 color:green |b |a ab18:+2 ab38:2.5 ab23
1 1 0 t613|c	ca32 |b	color:green	ba14:.75	ba39:+2
1 0.5 t723|a:1.5	ab34	color:blue	ab18	ab33 | |b  ba20  ba18  ba0  color:green
1 3 t371|c:0.5 ca8 | :-0.25 color:red |b  ba10:+2  ba39:2.5
-1 3 0.3 't437 |c ca20 ca1:-1 :1.5 |	d9:.75	d22 |b:2
-1 't822 | d19 d28 color:blue |a:0.5 ab14:.75 ab11 ab18:+2 ab28:1e-1 |b	ba21:2.5	color:green	ba1:2.5	ba15 |c ca31 |a:2  color:green  ab24:.75
-1 't87|b:0.5 ba10:0.3 ba29 color:blue |  color:red  d32:-1
-1 3 t152|c ca22 :2 ca1:2.5 ca36:2.5 |a ab11 ab4 ab10 color:green |a ab19:-1 ab37
-1 1 0.1 't70 |a
1 2 -0.2 |a ab27 ab13 ab8:-1 ab3 |b:1.5	ba2 |	d39:2.5 |c :0.5 ca25 ca16:-1 ca2:.75
1 1 t398| |b ba34 ba32 |c:2	ca27:2.5	ca10:+2 |a	ab24:1e-1	color:red	ab21:0.3
1 't300 |  color:blue  :2 |c |b ba23 color:blue |a  ab23  color:green |a
-1 2 t50|c ca20:-1 :0.5 ca14:-1 color:red
-1 3 0.3 |c:2 ca7:+2 ca16:0.3 |a:0.5 ab37 ab1
1 't156|b:2 ba6 ba19 |a ab18 color:blue |c ca17 ca18:.75
-1 3 -0.2 t429| d12 |b	ba7 |c:2  ca13:-1
-1 't492|a	ab6	ab30:.75	ab15:.75	color:green |a ab19
1 2 0 |b:2	ba1	ba16:2.5	ba20 |	d10	d37:0.3	color:blue	d16 |a ab25 ab19 |c  color:blue |
id293067	-1 3 |c
-1 0.25 0 | d27 d31 :0.5 |a
1 2 t367| d32:-1
1 t562|b:0.5
1 't909| |c ca11:1e-1 |a
1 2 -0.2 t989|c ca16:+2
-1 |b  ba16  color:blue | d5:+2 |a
id432548	-1 2 |b	ba32	ba38	color:blue |a:0.5 color:red ab1:-1 ab24 ab33
1 |b:1.5	ba7:2.5	color:blue |a:0.5 ab26 ab0:.75 ab18 | color:green d19:-1 |a:0.5 ab28
1 1 t31|a  color:green  ab35:.75  ab2:0.3
-1 t304|b  ba26:+2  color:red |a ab27:.75 ab24
-1 |b | |c:0.5 color:red |a	ab15:0.3	ab26 |a:0.5
-1 3 t354|b  ba6:1e-1 |c :-0.25 ca16 :2 | d31:0.3
-1 t720|b |a:0.5	color:blue |c
-1 1 0 t326| d14:1e-1 :1.5 d30 color:blue |b |a ab27:0.3 |a
-1 3 0.3 't530 |b:2	color:green	ba23:1e-1	ba19:.75 | color:blue d36:-1 d4
id419772	1 0.5 |c ca37 ca12:-1 ca20 |b ba5 color:blue
1 0.5 |c :0.5 color:green ca3:-1 ca37 |b |	d32:2.5	d12:.75 |a  ab12
1 t974|b |a ab22 ab0 ab2 ab33
-1 0.5 |c |b:2	ba27	ba31:-1 |
-1 1 |b:2 |c	:1.5
-1 't871| d23 |b	color:green	ba32	ba6	ba33:0.3 |a:2
1 't531 | |c |a  ab27:0.3 |a:0.5 ab33:-1 ab29:2.5 ab13:1e-1 color:red
id716101	1 2 |	d4:+2	d19	color:blue |a:2	ab9	ab28:2.5	ab29	ab6:+2 |a ab7 ab25 ab20 ab2
-1 't442|b:2 ba15 |a:2 ab7 ab9 | color:red :1.5 d14:1e-1
-1 t246|b:2 color:green ba17 ba38 |c ca22:.75 :1.5 ca23:-1 |a ab17 color:red
1 t344| d23:+2 :2 |a |c
-1 0.25 t101|c	ca20	ca24:0.3	ca13:1e-1	ca12:+2
1 't545|a:0.5	ab13	ab24	ab10	color:red | :-0.25 d4 |a	ab37	ab9
1 3 t162|  :1.5  d15 |b  ba37  ba33  ba5:+2 |c ca33 ca11:2.5 |a:1.5 ab24 ab13:+2
-1 2 0.1 |a:2  ab1:0.3  ab0:0.3  ab20 |b  ba22  ba35  ba26:+2 |c ca8:-1
1 0.25 0 't296 |a |c:0.5  color:green
-1 |a |  :-0.25  d22:0.3  color:blue  :-0.25 |c:2 ca33 ca10:+2 ca34:.75 color:blue |a	color:blue
-1 0.5 |c	ca26:0.3 |a ab10 ab3 color:blue |  d19:.75  color:blue |b ba29 ba16 |b:2
1 0.25 0 't244 |a:0.5 ab37 ab31 ab30 |	:1.5 |b	ba10	ba37	ba14:2.5 |c
-1 2 0.3 't520 |c | d0:-1 d25 d20:0.3
1 t327|c	:2	color:green	ca1:1e-1	ca38:-1 | |b ba23:-1 ba19:2.5 |a	ab2	ab8	ab28
-1 0.5 -0.2 t695|a:0.5 color:green ab19 ab21 |c :-0.25
1 |b |a	ab6:2.5	ab11:0.3
-1 3 t727| d20:.75
1 t637|c  :0.5 |c
id413076	-1 3 |  d16  :-0.25 |c  ca39  color:green  ca17 |a  ab3
-1 t702|b  ba30 |  d39
1 2 0.1 't404 |	:-0.25	d0 |c color:blue ca2 |a	ab34:2.5	color:blue	ab32 |b:2  ba19:2.5  color:red  ba20
1 0.5 t507|c	ca30:1e-1	ca0	:-0.25	ca36:1e-1 | d33 d29:-1 d23:.75 d14 |b  ba28:-1  ba23:.75 |a  ab35  ab30
1 0.5 -0.2 't586 |b |a:0.5 |c:1.5 |  :-0.25  color:green  d20  d2 |
-1 |a |b:2
-1 't30 |b:0.5 ba10 ba4 color:blue |c |a:2 ab1:0.3 ab25 ab7 ab15:0.3
1 |c ca35 ca39
1 't249|a:2 |c  color:green
id856529	1 2 |c:0.5  ca5 | d24:0.3 d36:0.3 color:blue d2:+2 |a ab2 |b |a
1 |b ba21:-1
id267307	-1 0.25 |c:1.5	ca8:2.5	:1.5 |b ba16 color:red
1 1 -0.2 't22 |c :-0.25 |a ab5:0.3 color:green
-1 0.25 |c ca14 color:red |a ab26 ab3 |a
-1 t59|c:1.5 :0.5 ca37 |b  ba19  ba16:-1  ba12:0.3  color:red |a	ab29	ab30:-1	ab21:-1	ab33:-1
-1 t310|a	ab29:+2 |	d12:-1	d34:-1	d23	d10 |c  ca35 |a:1.5  ab0  ab38:.75
1 't80|  d11:.75 |b:2
-1 2 |b |
1 0.25 0 't450 | |b:2 ba20:.75 |a:2 |c
-1 |b |c:0.5  ca14  ca35 |  d27:0.3 |a
-1 0.5 -0.2 't696 | |a  ab30 |c ca2 :1.5 ca33 ca19 |a	ab1:+2	ab20	ab34:+2
-1 't715|
1 3 0 | d6:-1 |c	:2	ca23
-1 't615|b  ba20:+2  ba12  color:blue |c	ca26:2.5	ca6:.75	ca19:+2	ca7 |a  color:green  ab26:.75
-1 0.25 t936| :0.5 :1.5 |b  ba16:-1  ba38  ba17:0.3 |c
1 |b:0.5 ba1:0.3 color:blue | d35 :-0.25 |c ca19 ca35:+2 ca39:+2
-1 't406 |b  ba30 |	d39:2.5	:-0.25	d17:-1	d9:2.5 |c ca14 ca7 ca36 |a
1 0.25 t685| d31:+2 d37:2.5 d13 d11 |a:1.5 color:red ab38
1 't809 |c color:green | |a	ab15	ab2:.75	ab30:.75
-1 0.5 0.1 't22 |a:1.5  ab24  ab36  ab16  ab32:+2 |a	ab5	ab35:1e-1
-1 t562|a ab18:+2 ab27:-1 |c color:blue ca27:+2 :0.5 |a ab36 ab28:1e-1 ab37
1 2 |a ab26 | |c |b:1.5	ba10:.75	ba24	ba21	ba6:0.3
1 1 0 |a:0.5
-1 't146 | :-0.25 |a ab13:0.3 color:blue |b:2
1 0.25 t244|a  ab30  ab3  color:green  ab28:1e-1 |c	color:blue |b ba8:0.3 ba1 ba21:0.3 color:red
1 0.25 t620|a ab31 ab23:1e-1 |	:2	d19:-1 |c:0.5  ca24
-1 3 |b:1.5 ba35:1e-1
1 |c:0.5  ca29:2.5  ca34:+2  color:blue  :0.5
-1 0.25 |a  ab37 |b:0.5 ba31 | d19 :1.5 :2 |c:0.5  :0.5  ca37:1e-1 |b:2
id448885	-1 1 |b:2 ba15 ba13:+2 ba1:.75 ba19 | :-0.25 d22 color:green :-0.25 |c
-1 t153|a:0.5 ab4 |c	color:blue	ca23 |b:0.5	ba13:1e-1	ba12 |c
-1 |b  color:green  ba4 |c
id731335	-1 1 |a  ab0  color:green  ab11 |  d1 |b:2	ba27:0.3	ba10:2.5	ba0	color:green |a |b:2
id254280	1 0.5 |c ca33 ca12 |a:2	ab18
-1 0.25 0 t704|b	color:green	ba30:2.5 |c ca18 color:green ca37
id435513	1 2 | :0.5 d32 |c  ca28  :-0.25  :1.5 |a:0.5  ab1:+2  ab5 |a:1.5 ab4:1e-1 ab30:1e-1 ab35
1 t96| d13 d21 d32:-1 color:red |a ab18 ab35:1e-1 |c:1.5  ca16:2.5  ca34:+2 |b:1.5 ba9 ba28 ba14:1e-1
1 |c:0.5 ca23:-1 |	d29	d23 |b ba1 ba39:1e-1 ba28 |a color:red ab21:2.5 ab23
-1 |c |a	color:green	ab31 |b |  d28  d25:.75
1 0.25 -0.2 't508 |c ca33:1e-1
-1 2 0.3 't273 |c:1.5 ca31 |b ba27 ba24:1e-1 ba31 | :2 d12:2.5 d1:-1 :0.5 |
1 't616|	d13:2.5	d35:.75	:1.5	d37 |c  :2  ca33:.75  ca3 |a ab6 |
1 2 0.3 |a:1.5 ab26:.75
-1 2 0.1 t324|
-1 2 t520|c:1.5 color:blue ca4:0.3 ca10 |b  ba15:.75  ba33:0.3  ba35:+2
-1 2 |c color:blue |b  ba17:0.3
1 1 0.3 t528|  color:red  d14  :-0.25  d6 |a  ab15:+2  color:red
1 3 0.3 |b color:green |c	ca28:.75
1 0.25 t624|a  color:red |c:2 ca34:1e-1 |b  ba36:.75  ba34 |  d1:1e-1  color:blue |b:2
1 0.25 0.3 t335|c ca24 ca20 ca7:2.5 ca21:+2
1 't948|b ba25 ba16 ba28 |  d21  d22:2.5  d4:-1  :1.5 |a ab32:0.3 |c	ca0	ca30	ca37:1e-1	ca9:+2
-1 t198|a ab8 ab11:-1 ab24:-1 ab2 |c:2 |b:0.5	ba21	ba31 |b:2
1 t825|c |b:0.5
-1 't710 | |b	ba0 |a ab6:2.5 ab37 ab13 ab1
1 1 0.3 't476 | d15:-1 d28 |a	ab39:0.3 |c  ca20:0.3  color:green  ca7
-1 2 t876|c:2  ca25:+2 |b	ba17	ba9:0.3	color:red |a	ab4:+2	ab37:1e-1	ab29	ab8
1 1 |  color:red  d30 |a:2 |b ba7 ba34 ba18:-1 |c :2 ca7 ca11 ca12
1 0.25 0.3 | |a:0.5 ab14 |b:0.5 ba22:1e-1
1 2 |b  ba21  ba17:+2
id358973	-1 0.25 |b	ba28	ba24:.75
-1 t234|a color:blue ab5 ab36:1e-1 ab8 |c:1.5  ca37:+2 | :-0.25 d33:0.3
1 3 | |a:1.5 ab1:-1 ab19 ab26:2.5 |a:1.5
-1 3 0.1 't78 | :-0.25 color:blue |c :-0.25 ca34:2.5 ca38 ca16:+2 |a ab28:.75 color:red ab29 |b:0.5 ba32:1e-1 ba19 ba12 ba27:2.5 |a:1.5  ab15  ab37:.75 |
1 't315|b	ba9	ba30	ba12	ba5 |a |a
1 |a	ab21 |c ca31 ca18:2.5 |b color:red ba10 ba37 | |a ab7 ab25:.75 ab26 ab31:-1 |b:2
-1 1 0.1 | d19:2.5 d3:-1 d13:2.5 :1.5 |b:1.5 ba16:.75 |c ca25:1e-1 |a:0.5 ab13 ab26:2.5
-1 | |a	ab19	ab10	ab29	ab30 |c:0.5  color:green  ca39 |b	ba13 |a  ab15:0.3  ab34  ab25:1e-1
-1 |b:2  ba13:1e-1  ba19 |a |c:1.5	:2	ca22	ca24:2.5 |c
1 2 0 t884|b  ba23 |a	ab8	ab20:.75	ab22:.75	ab1:.75 |	color:blue	:2	d36:1e-1
-1 t259| :2 :2 |b |a	color:green	ab6
id202766	1 1 |a |b ba6 |  color:blue  :0.5  :0.5  :1.5
1 2 0 't453 | d21 |c:0.5 ca17
-1 0.25 |c |a
1 't46|a	ab33:.75 |c ca18:+2 color:red ca0:-1 | :-0.25 d15:2.5 |b:2	ba29:+2
-1 2 t110|b	ba22:+2	ba24:0.3	ba20 |c  color:red  ca29:-1  :2  ca30 | |a ab38 |a  ab18  ab19  ab39  ab21
1 1 -0.2 t168| color:red d25 d28 |a |b:0.5	ba1:1e-1
-1 3 -0.2 't449 |b |a  ab12  ab14 |
1 3 | color:green d0:-1 d35
-1 3 |c  :0.5 |a:0.5  ab23  ab14
id27375	1 1 |a	ab37	ab12
id181307	-1 0.25 |	d8	color:green	d1:-1	d14 |a:2 color:green |b:2
1 0.25 0.3 t386|b:1.5 |a:2 ab2 ab29:-1 ab0 ab32:0.3 |b:2
id780947	1 0.5 |	d26 |a:2 ab9 |a |
1 0.5 0.1 't40 | d8:0.3 |c |b ba28 |a	ab22
id840093	1 2 |a	ab7:1e-1	ab16:0.3	ab35:0.3 |c	ca11:.75	:-0.25	ca19 | d2:.75 :2 d29 color:green |b	ba21	color:green
1 't699|b ba29 |a:2 ab8 ab26 ab1:+2 ab31 |	color:blue	d19:+2 |c	ca29:1e-1	ca37	ca32 |a	ab24:+2	ab9
-1 0.25 t435|b ba18:0.3 ba24 color:red |a:1.5 color:green ab25:+2 |c:2  ca2  ca1  ca12:1e-1
-1 1 -0.2 t542|b:1.5 ba10 ba14 ba28 ba34 |  :0.5  color:blue |a	color:green	ab15:0.3
-1 't648|b ba21 ba2:0.3 |a  ab0  ab30
-1 |a  ab7:.75  color:red  ab6:2.5 |a	ab32
-1 't956 |b ba6:.75 ba23 ba10:0.3 | d14 color:red d34:2.5 |a	ab23:.75	ab20:-1	ab17
-1 0.25 t117|c	ca34:+2	:2 |a color:green ab22:1e-1
-1 't316 |a:0.5	ab0	ab6:-1	ab21	ab11:+2 |b:1.5 ba33:1e-1 ba26 ba24:-1 ba5
1 't743|c ca25 |b ba15 color:red ba10:-1 ba23:2.5 | |a:2 ab19 ab20:-1
1 't898 |a color:green |c:2 :-0.25 :-0.25 ca30:+2 ca8 |	d11:0.3
1 1 0.3 t170|b:1.5 ba2 ba13:+2 ba23:0.3 ba17:-1 |	d0:+2	d3	d38	:1.5 |c:0.5
-1 0.25 t886|b
1 0.5 0 |a:2 | d33 |c	ca11:+2	ca22:0.3
1 't242|c	color:red	ca7	ca3 |b ba35 ba1 ba34:1e-1 |a |a	color:blue	ab7
1 3 0 t59|c:1.5	ca25	:-0.25	ca11:-1	ca39:-1 |b	ba24	ba34	ba33:0.3	ba29 | |a	ab16 |b:2
id728819	1 1 | color:green |b ba22 color:green ba39 |a	color:red |c:2 :0.5 |a
-1 0.25 t412|c :0.5 ca1:-1 |a ab34:2.5 |b ba27 | d5 color:green
1 t10| d9 |a:0.5 ab39 ab8 ab18
id131643	1 3 |a ab26 ab12:0.3 color:green ab2:2.5 | d15 :1.5 d17 color:blue |a ab30:1e-1 ab13 |
id899866	-1 1 |a  ab13  ab3  color:green  ab0 |b ba3 |c ca39:2.5 :2 ca19 color:red | d12:+2 d2
-1 0.5 -0.2 't613 |b	ba28:1e-1	ba26:0.3	ba3 | d2 |
1 1 -0.2 |b |a
1 |a color:blue |b color:green ba26:-1 |c | |b:2
1 |b ba25:+2 ba21:1e-1 ba4:2.5 |a |c |	d13:-1
-1 2 0.1 |b:0.5  ba12  ba26 |a  color:blue  ab8
1 't442|a |b:2 | d27 color:red :1.5
id82836	-1 3 |b |a	ab7	color:blue	ab21	ab5 |c |	d11	d36	:2	d4:+2
1 1 |a:0.5	ab18:0.3	ab21:.75	color:red	ab1:.75 |b	color:blue |c ca26:1e-1 ca20:.75 :-0.25 ca10:.75
1 't353 |a |	d37	color:red	d1	d8:-1 |c  ca33:2.5  ca34  ca26:.75  ca9 |b:1.5	ba11:0.3	ba29	ba34 |
-1 3 0.1 t774|b color:green |a:1.5 ab17:0.3 color:red ab37 |c:0.5	ca1:2.5
1 't57 |b	ba27:+2
1 1 0 t18| d17 |a ab30 |c	:1.5	ca39 |a	ab10	ab20
1 't839|b  ba37  ba26  ba35  ba15:1e-1 | d16:2.5 d17 |a
1 0.25 0.3 t960|a ab27:+2 ab0 ab38 ab30:2.5 | d28:.75 d22:.75 d6:.75 |b ba34 |c :-0.25 ca34:+2 ca38:.75 ca20:-1
1 |c ca10 :0.5 |b ba32 ba27 ba37 ba21:+2 | d13:0.3 :2 |a ab39
-1 't223| |a |c:1.5 |b |a ab26 color:green ab34
-1 2 0 't217 |a	ab29:+2	ab16:.75	ab33:1e-1 |c  color:blue  ca4:-1 |a
1 0.25 0.1 t11|c:1.5 ca18 ca4 ca16:2.5 :1.5 | d7 d30 |a:2
1 1 0.1 t920| d38:.75 d9:1e-1 :2 |c ca38:1e-1 ca14 ca1:.75 |b ba25:.75 ba27 |a
id339302	-1 0.5 |a:1.5 |b	color:red | |c	:1.5	ca1:.75	ca17:0.3
1 t584|c ca14:.75 color:red ca23:+2
-1 3 0.1 t603|b:0.5 ba19 |c ca13 :1.5 :1.5 ca16 |
-1 0.5 |b:2	ba29:.75	ba35
id983352	1 0.5 |a ab17 ab27 ab20 |c |  d7 |b ba23 color:blue
1 't183| :2 color:red d0 |a:2 ab0:2.5 color:green |c:1.5 ca22:1e-1 |b:2 color:green ba12:+2 ba18
1 3 -0.2 |a ab38 ab8:0.3 |b  ba26  ba22  ba30:+2 | d16 d26 color:blue |c :-0.25 ca11:2.5 :2 :-0.25
1 |  :1.5
-1 0.25 0.1 |a:2
-1 3 t209|a  ab33
id567977	-1 0.25 |a:0.5 |b:2
1 1 | |a:0.5 color:blue ab36 |a:2 ab10:0.3 ab13
1 1 -0.2 t851|a	color:red	ab29	ab37	ab3:1e-1 |b |c | color:blue d2 d21:2.5
-1 3 0 |a:1.5 ab3 ab8 ab23 |a:0.5
1 't337 |c:1.5 ca13 ca21 ca33 color:blue |b:1.5 ba11 ba33 ba38 ba32 |a  color:red  ab8  ab38:2.5 |
1 0.25 -0.2 t241|b ba31 ba27:.75 ba33 |c | d6
-1 |c:0.5 ca9:+2 color:blue | d39 :0.5 |a  ab33  ab6  ab7  ab31:1e-1 |
-1 0.25 0.1 t321|c	ca2:+2
-1 3 |b:0.5	ba4 |c |	d23	d5	d29:1e-1	:-0.25 |a	color:red	ab26
id854321	-1 3 |c
1 't378 | d14:.75 :2 d29 |c	ca10:2.5	color:green	ca34:1e-1 |a color:red ab0 ab24:-1 |a:2	ab20:1e-1	ab12	ab10:1e-1
-1 0.5 0.1 't734 |a  ab8:.75  ab13:-1  ab1  color:red |b  ba21:0.3  color:green  ba33:+2  ba6 |c:2
-1 't714| d20:-1 d8:-1 :0.5 |c |a:2  ab31  ab35:-1  ab5:-1  ab12:.75 |b  ba31  ba19  ba18:+2  ba38 |c
1 1 0.1 't93 |b ba22:2.5 |a:0.5  ab5:1e-1  ab3:1e-1 |  :2  :1.5  :-0.25 |c  ca13:1e-1  color:blue  :-0.25  ca36
1 t135|a ab36:1e-1 |a  color:blue  ab9
1 t95|b  ba14  color:blue |c	ca3:1e-1 | d0 |a  ab35  ab16  ab7 |b:2
id436990	1 0.25 | d11:1e-1 d21:1e-1 d29:-1 d5
1 3 0.3 | color:blue :0.5 d7 d20:0.3 |b  ba9  color:blue  ba3:.75 |c:2 ca38:0.3 :2 color:blue ca3
1 t122|c	ca30:2.5	color:red	ca13:.75	ca28 |a  ab34:.75  ab1  color:blue
-1 't764| d21:2.5 |b  ba33  ba25  color:blue  ba31 |c  ca12  ca39:-1  :-0.25
1 2 t392|a:2 |c |b:1.5 ba8 ba30:-1 ba4 |c
1 2 t132| color:red d1 :-0.25 |b	ba21	ba10	ba38:0.3	ba19 |a |c
1 t27| d27 :-0.25 d29 d33 |a ab36:1e-1 ab9:1e-1 ab28
id503800	1 2 |b:0.5 color:green |  d23  d9  d37 |a:2 ab34:-1 |c  ca30 |a
id226743	-1 3 |b ba31 ba23 ba7:0.3 |c ca0:1e-1 ca14:.75 color:blue |	d37 |b:2
-1 0.5 -0.2 |a:1.5 |a ab20:-1 ab25:-1 ab28
-1 0.25 |b:0.5 color:green
1 0.25 0.3 |  d2:0.3 |c  color:blue  ca15:.75  ca3:.75  ca10:.75 |b:0.5 color:green |c
1 t178|b	ba33	ba26	ba22	ba38
-1 3 0.1 t482|	d38:0.3	d24	:0.5 |a:2 color:green ab2 ab34:0.3 |b
-1 t943|	:1.5	d16	d33:1e-1	color:red |a	ab37
-1 1 t855|a:1.5 |a:1.5 ab5:1e-1 color:green |c
-1 0.5 -0.2 t963|b	ba8	ba29:0.3	ba34 | |c	color:red	ca11	:2 |b:2
-1 1 0 t263| |b |a:1.5  ab12:2.5  ab28  ab23  ab38:0.3 |a ab5
-1 2 0 t312|c color:red |b	ba1 |a:0.5 ab0:+2 color:red ab30
1 't432|b  ba21 |  d14 |a ab10 ab0:2.5 ab36:-1 ab7:1e-1
-1 't138 |c ca6 :2 ca24:1e-1 |a	ab20:0.3	ab34
id925796	-1 3 |b |c:0.5	color:red	ca8:2.5	ca12:.75 | d39 d6 d3:.75 d13 |a:1.5	color:blue	ab7:0.3 |a ab39 ab3:2.5 ab12 |
1 't45 |c	ca15:.75	ca9:0.3	ca30 |  d4  color:green  d14:1e-1 |a ab35:1e-1 color:green ab26:2.5
-1 |c  ca10 | color:green |b:0.5 ba11 ba19:-1 ba28 ba26:-1 |a ab15 ab16 ab30 |a  color:blue  ab19
1 't973|	d9:+2	d11:2.5	d33	color:blue |c ca6:.75 ca30:2.5 ca2:1e-1 ca33 |b ba22 ba27:1e-1 ba33 |c
-1 3 0 't989 |a ab8 color:green ab37 ab17:-1 |c
1 1 0 t22|c ca13 ca14 |b ba37:+2 color:green ba36:1e-1 ba6:-1
1 t283|c ca15:2.5 ca14:0.3 ca24 |  d8  color:green  :-0.25  d30:+2 |a:0.5  ab34  ab26:+2  ab35  ab15:.75 |b color:green ba6:.75 ba25
1 2 |a ab25 |c color:green ca30 ca14:-1 | d12 |c
-1 't481 |c ca37 |a:2 |b:1.5 |a:1.5	ab14
1 't686 |a |c:0.5  :-0.25  :2 | d34 |b:2
id980583	-1 1 |b  ba30  color:blue | d29:1e-1 :1.5 d35 d19:1e-1 |a ab37 color:red ab12:1e-1 |c	ca16:.75	color:red
1 3 0 t232| :2 color:green d7:+2 d28:1e-1
-1 1 |a	ab30	ab27
-1 't760 | d22
1 0.25 | d37
1 1 0.3 | color:green d10:-1 d6 |a:0.5
1 3 0.3 t526|a ab18:1e-1 ab16:.75 ab11 |
-1 |b ba20 ba25 ba10:-1 |a ab6:0.3 ab30 color:blue ab22:0.3 | |c  ca25:1e-1 |b:2
1 2 0.3 t110|a	ab4:.75	ab31:-1	color:red |c | :0.5 d22
-1 0.25 |	color:blue
1 3 -0.2 |c ca26:2.5 |b	ba39:-1	ba8 |a:0.5 ab36 ab0
1 |b:1.5 ba14 ba8 ba30 |c :1.5 color:blue | color:blue
-1 2 |b ba24 |c |  d13:+2  d21 |a	ab0	ab8	color:red	ab20
id218207	-1 0.5 |a  color:red |a  ab32  ab15  ab24
-1 | |a ab11:0.3 ab14 ab1:0.3 ab38 |c |c
1 |
-1 't996 |b  ba38  ba21:.75  color:blue |a
1 0.5 -0.2 t257| color:blue |b  ba4  ba18  ba9:.75 |a:0.5
-1 3 t312|c ca3:-1
-1 1 t914|b ba17 ba14 |a  ab15  ab26  ab7  ab28
-1 1 |c ca10 ca13 ca23 |  d27  d13  d11  :1.5 |a:2 ab15:2.5 ab39:.75 ab2
-1 |b ba39 color:green ba17 |c ca13 ca21:1e-1 |  d4:1e-1 |a	ab7	color:green	ab8:+2
1 2 t269|c	ca36:2.5	ca31	ca37	color:red |b:1.5  ba39  ba25:.75 | d36:0.3 |a:0.5 ab2:.75 ab16
-1 't846|a:2 ab17 | |c:2	ca11:1e-1 |b  ba34:0.3
-1 1 0 |a  ab29:0.3  color:red  ab22  ab17
1 't501|b
1 0.25 0.3 t143|b	ba28	ba29 |a | |a:1.5 ab8 ab0 color:red
-1 1 0.1 't18 |c  ca3:2.5  color:green  ca36:-1 |b:2
-1 0.5 -0.2 |  d10:1e-1  :-0.25 |b	ba12	ba18:+2 |a:2 color:blue ab21 ab16:-1 |c:1.5 color:green ca24:+2
1 t280|a ab25 ab34:2.5 |b  color:red  ba3:1e-1  ba24:+2 | d30:+2 :2 d3 color:red
1 0.5 0 t767|b ba20:0.3 ba32:2.5 |c	ca18:-1
-1 3 0 't180 | color:green |a:0.5  ab29 |c:0.5 ca11:-1 ca6:-1 ca33:1e-1
-1 0.25 0 |a:1.5 color:red |b:1.5 |c	ca32:1e-1	ca7:0.3 |
1 t984|  d25  d35 |c  :-0.25  :2  ca3:2.5  :0.5 |a  ab22  ab27
-1 't322 |b | |a ab0 ab14 color:red ab8:0.3 |c |
1 0.5 0.1 |b:0.5 color:blue | d28 :-0.25 |a ab33 ab25:-1
-1 't603|b |
-1 |c:2 ca27:2.5 ca19:0.3 color:red ca21:-1 |b  ba33:1e-1  color:red  ba4 |a	color:blue	ab6 |
1 3 |	d35	d16	d22:2.5	d11
1 't392 |a ab7:+2 ab35 ab34 ab1 |c  ca13  color:green  ca6 |	:-0.25	color:green	:2	:-0.25 |c
id68464	1 2 |b:2 color:blue ba17 |c:0.5 |a |a ab8:.75 ab2
-1 t812|b ba11 ba9:+2 |b:2
-1 't237 |	:0.5 |b:0.5 color:green ba12:0.3 ba9:0.3 ba27:+2 |a  ab34:+2 |c	:0.5
-1 3 t897|c ca37:-1 ca30 ca32:-1 |	color:green	:-0.25 |a	ab15	ab4 |a:2	color:blue	ab5
id696609	-1 3 |b	ba28:1e-1	color:blue	ba23 |	d2 |c ca27 ca32 :1.5 |a	ab4:-1	ab15:+2	ab39:-1	ab28 |c
-1 0.5 0.1 t308|a:1.5	ab34:.75	ab31	color:blue |b
-1 0.5 0 't541 |b	ba0	ba12	ba32:0.3	ba27 |a:1.5 ab36:1e-1 ab14 ab32 ab12:.75 | d23:-1 |c:0.5  ca19:+2  color:red  ca28:+2 |a:2 ab15:-1
id695966	1 1 |a:1.5	ab31	ab3 |c:0.5 ca0:0.3 ca39:+2 ca18 |b
-1 t708|a ab12 ab26:0.3 |
1 0.25 0 t600|b | d3 :0.5 color:red |c color:blue |a:2 color:green
-1 |b	ba34:.75	ba7:1e-1 |  color:blue |c ca8:-1 :-0.25 ca2:+2
id450534	1 0.25 |  :2  d22:2.5  color:green |a ab6 ab12 |b  ba1  color:red  ba30:1e-1  ba0 |a:0.5 ab13 |c
-1 3 0 t941|b:0.5	color:red |a:0.5
-1 0.5 -0.2 |a ab33 |a:1.5 ab13 ab29:-1 |
id595073	1 1 |c ca6 color:green ca18 ca34
1 't772| d16 |c  ca3  :0.5  color:green |b  color:green
id49219	-1 1 |b:2 | d12:.75 d4:2.5 color:blue :2 |c:0.5
-1 t726| d18 color:green :-0.25 d7:1e-1
id957393	1 3 |c	ca29:.75	color:red	ca15 |b:2  ba31:2.5 |  color:blue
1 0.5 0 't320 |c ca28 ca2 | d5:.75 d33 |a  ab3:0.3
1 0.5 -0.2 't756 |a  ab32  color:red | color:blue d27 |c
-1 1 0.3 t239|b | |a	ab36	ab37:1e-1	ab22
1 't607 |b:1.5	ba23	ba20	color:blue	ba18:2.5 | :0.5 :0.5 :0.5 d7 |a:2 |a ab34:1e-1 ab6:+2 ab8 ab5:.75
id190930	1 0.5 | d3:1e-1 |a	ab32:-1	ab16
-1 1 0.3 | |b  ba31  ba5:-1  ba13 |a
-1 |a:2 ab13:+2 |b:2
-1 3 0.3 t98|a  ab11 | d6:.75 d16:1e-1 :0.5 color:green |b  ba6 |c	ca5:.75	ca39	ca26	ca9:.75
-1 t917|c  :-0.25  ca38:2.5  ca20:0.3 |b ba24 ba25 color:red ba37 |a
id351022	1 0.25 |  :0.5 |c  ca31  ca28:+2  color:green |b:2
-1 1 t657|a	ab25	ab22:2.5	ab38:1e-1	color:blue |b |c ca25:+2 ca4:-1 ca17:+2
-1 3 0.3 t419|	d14	d4:-1 |b	ba35	ba38	ba37 |a ab22 color:green
-1 't215 |c ca30:1e-1 | d31:2.5 :1.5 |a |b  ba7  color:red
1 2 -0.2 't232 |c
-1 2 -0.2 |a:0.5  ab8:+2  ab13  ab2:0.3 |b:2 ba15:-1 |
1 t854|a ab14 ab20:-1 ab8:0.3 ab1 |  :1.5  d29:.75  d0:2.5 |b:2
1 0.25 0.1 t587| |c  :2  ca36:+2  ca37 |a:1.5 |a ab3:-1 color:green ab8
id282707	-1 1 |b  ba37  ba33  ba22
-1 't547 |c ca9 ca29:.75 ca30 | :2 d32 |a color:green ab8
id535293	-1 3 |a:0.5  ab31:2.5  ab6  ab36  ab37 |b |b:2
1 't766 |a ab2:+2 |b ba8:-1
-1 2 0.3 |b  ba25  color:green | |c :0.5 |a	ab1 |a ab24 ab31 |b:2
1 0.5 -0.2 t502|b ba5 color:red |a  ab10  ab30  ab13:2.5  ab1 |c:0.5 ca22:+2 ca6:2.5 :0.5 ca14 |	d13:0.3
id329346	1 0.5 |a ab10:0.3 ab32 |b:0.5 |c color:green ca5:1e-1 | |a:0.5 ab24:.75 ab3 ab23
1 | color:red :0.5 |a:0.5	color:blue |c ca16:2.5 |b  ba20:1e-1  ba14:0.3  ba28  color:blue
id397213	1 0.5 | d11:0.3 :-0.25 |a  ab1 |b:2 color:blue |c :0.5 ca27:2.5 ca11 |
-1 0.5 t380|c color:red ca23:1e-1 ca34:-1 ca9 |a |b:2
id919990	-1 1 |c:0.5 |b:2 color:green ba33 |a
1 | :0.5 d4 |a:1.5 ab20 ab16:.75
1 1 0.3 't992 |b ba9:1e-1 color:green ba4
1 1 0.1 t640| d23 |a ab13:+2 |c ca29
-1 0.5 0.3 't172 |b:2	ba21	color:green	ba30	ba33 |c	:0.5	:0.5	ca36:0.3 | d0 d30 |a  color:red  ab37:+2 |a:2	ab19	ab9	ab35
1 't251|  d4:.75  d32:.75  color:blue |b |c:2 |a |a
-1 2 0 t648|  d38:2.5  d28  d25:-1
-1 0.5 |c |
id754076	1 0.5 |b  ba9:.75  color:blue  ba5 |a ab37 ab33 ab6:.75 color:red
1 't91|	d14 |a:1.5 ab9
1 0.5 0.1 't473 |b:1.5  ba20 | |a:2
1 0.5 |b:2 ba13 color:red ba2:2.5 | |a  ab18:0.3  ab27
-1 1 |b:0.5 ba22 ba15 ba35 |b:2
1 1 -0.2 't753 |a |a
1 1 -0.2 t708|  color:red |c:2  ca21:-1  ca22:+2  ca30:2.5 |a ab22
-1 t705|a ab4:0.3 |b ba21 |	d25	d18:+2 |c:1.5 ca8
1 1 |c ca15:0.3 :2 :1.5 |a:1.5 ab10
-1 3 0.1 t239|a ab5 ab25 ab9 ab23:+2 | color:blue d32:1e-1
-1 3 | |a:1.5
1 0.25 0.3 t6|b  ba26  ba29  ba14:-1  color:green |c ca37 |
1 0.5 -0.2 |	d5	d11	color:blue	d1 |a ab29:.75 ab28 ab39 ab5:-1 |c:0.5  ca36:1e-1  color:green  ca4:.75 |b
-1 1 t633|c	ca20:1e-1 |a:0.5 ab5 ab35 |  d37:.75  :0.5 |a ab17:2.5 ab25:+2 ab9 ab39
-1 t473|a:0.5  ab25:+2  ab19:.75  ab9:.75  ab2 |c	ca16	ca38 | d30 d31:1e-1 d34:1e-1 d8:-1
-1 3 0.3 t577|	d35:-1 |a ab1:1e-1
-1 2 0.1 |c | |a ab36:.75 color:blue ab5 ab4:2.5 |b:1.5	ba14	color:green |c
id970517	-1 3 | |b  ba11  color:blue  ba4  ba39 |a	ab15:.75 |c:0.5	color:blue	ca33:.75	ca2:-1	ca14 |
id398912	-1 3 | d13:1e-1 |b
1 0.25 0 't26 |b |a:1.5  ab5  ab0:-1  ab30  ab33:1e-1 |	d26:0.3	d9:+2	d7:.75 |c ca5 ca30:+2 color:green ca12 |a
-1 't386 |b:0.5	ba10:0.3	ba4	ba15:+2 |  d12  :2 |
-1 |a
-1 0.25 0 |b:2  ba12  ba15 |a:0.5  ab27  ab23  ab12 | d37:+2 color:red
id776909	-1 1 |b:1.5 |  d23  color:red  d2 |a  ab5  ab15  ab4 |a:2 ab21:1e-1 ab25:0.3
-1 0.25 0.3 't445 |b color:green ba21 ba33 |a ab25
-1 |a ab12:1e-1 ab10 ab25 |c
id340020	-1 0.25 |a |b  ba32:0.3  color:green  ba12:.75 | |c |a:0.5 |
1 't276|c :0.5 ca30 | :1.5 color:blue d37:2.5 d17 |b  color:red  ba2:2.5  ba5 |a ab24 |a:1.5  ab5:.75  ab35:1e-1  ab30:2.5
-1 |c  color:red  ca11:+2 |b:0.5 |
1 't170| color:green d15:2.5 :2 |c ca4 color:blue |a:0.5	ab29	ab36:1e-1	ab5:0.3	ab17 |
1 1 t981|	d5	d12 |a	ab14:+2	color:blue	ab11:0.3 |b:2 ba35 ba3 ba15 |c	:1.5	ca16:.75	ca34	color:blue
-1 1 t123|b:2  ba10  color:blue |c ca17 ca13 ca25:0.3 :1.5 | color:green d3:1e-1 d14:.75 |a ab35 ab32:+2 ab4
-1 1 0 t58| d16:2.5 d23 d9 d36 |a  ab23  color:green  ab10  ab17
1 3 |b:2 ba16 ba34 ba8:0.3 |c |	d31	d36:2.5 |a:1.5
-1 |a:2 ab38 ab27 ab10 ab23 |b ba6:.75 ba3:-1 color:blue
-1 2 0.1 |b:1.5	ba25:1e-1	color:green |c ca4:+2 ca16 color:red ca20:2.5
id4002	-1 2 | d10 :0.5 |b |b:2
-1 3 0.3 t114|a  ab32  color:blue  ab1 |c:0.5	ca39	ca21	ca8	color:green |a
-1 't94|a color:blue ab15:1e-1 ab18 | d26:.75 d1 :1.5 |a  ab2  ab39:2.5
-1 0.5 0.1 t309|b ba38:0.3 |a	ab30	ab13:2.5 |c | color:red :0.5 d8
-1 't0 | |c:1.5  ca39  color:red  ca33:-1  ca10:2.5
-1 0.25 0.1 t775|a:2  color:red | d30:2.5 color:red :1.5 d22:.75 |c ca11 :0.5 |b ba38:2.5 ba10 ba1
-1 t816| d20 color:blue :0.5 |c  color:blue |b:2  ba37:0.3  ba12  ba4:+2
1 |c:1.5 ca39 ca18:.75 |b	ba9 | color:red |a |a
1 |a ab39 | :2 :2 :1.5 |c ca17:-1 ca20
-1 2 0.1 t391| |c ca0:1e-1 color:green |b ba9:.75 ba6 color:red |a:0.5	ab0	ab3	color:green
-1 t762| d15 |b:2 ba18 |a:1.5  ab18:-1  color:red
-1 3 -0.2 t180|a  color:blue | :-0.25 d17:+2 |c  :0.5  ca35  ca6:0.3  ca20 |a ab38 ab8:-1 ab6:0.3
-1 't86 |b:2 ba39 color:red ba32:1e-1
-1 1 |a  ab2 |	d32	:-0.25 |b:1.5 ba14 |c ca14 ca5 color:red |a color:blue ab12:-1 ab33
1 't78|b	color:blue	ba0:1e-1
-1 't199|a:2  ab39:+2  ab34  color:blue |c :1.5 |a ab4 ab16 |c
1 't37|b  ba37  ba3:-1 |a:2	ab8
-1 't944|b ba21:-1 ba26 |c  ca5 |	d35:0.3 |a:1.5 ab38 ab31 ab1:+2 |
-1 t615|c:1.5 ca18:-1 | |b ba6 |c
-1 1 0.3 |  :2  d27:2.5  d5:+2 |a ab2 ab19:0.3 color:green |c |b:2
1 t241|b	ba3	ba14	ba22	ba10:+2 |c
1 0.5 t100| |a	ab25:0.3 |b ba1 ba2 ba16 ba10 |a
1 2 0 t827| |c ca15:2.5 |a
1 3 t210|b |c:1.5 ca22:.75 :1.5 |a
1 3 -0.2 |c |a ab19 ab36 ab8:.75 color:red | |a  ab15:1e-1  ab12:.75
1 0.5 -0.2 t454| |b ba34:2.5 |a color:blue |c |a
1 't714|a ab27:0.3 ab12:.75 ab10
-1 |a | d6 |b ba20 |c:1.5 |
-1 't999 |b | :2 color:red d21:+2 |a:2  color:red  ab10:-1 |
1 |a ab3 | d5
-1 't106|c ca30:-1
1 |  d5  d37:2.5 |b ba29 ba33
-1 0.5 0.1 t609|b |b:2
1 't989 |  d33:2.5 |b color:blue ba6 |c ca14:2.5 ca27 |c
1 3 |c ca31:0.3 ca33 | |a
1 't254|a	ab6 | color:red
-1 1 -0.2 | d17:+2 |c:2 ca26:-1 ca29:-1 |b:2  ba16  ba33:1e-1  ba25  ba13
1 0.5 0.1 | color:red :2 d15 |a:2  ab4 |c	color:red	ca37	ca36
1 0.5 |a	ab18 |a:2 color:red ab23
-1 |b	ba34	ba15	color:green |a color:red ab27 ab7:+2 ab11
1 t617| color:red d34 |b:0.5  ba37  ba17  color:blue |a ab15:.75
1 1 t832|b:2  ba1  ba8  color:red
1 3 0 t961|a |	d25	:2	d10	:-0.25 |c ca2:+2 |b |a
-1 0.25 0.3 |b |a	ab32:.75	color:green	ab13:0.3	ab31 |
1 0.5 0.3 |a	ab7:2.5	ab26	ab36	ab32:-1 |c:1.5	ca1	color:green |
-1 1 0 t615|a
-1 't213 |c |a
-1 |c	ca1	ca25:.75 |a:2 color:blue ab17:+2 |  d5  d4:-1  d37  d20:1e-1 |c
id419168	1 0.25 |a ab17 ab15 ab2:2.5 ab1
-1 2 -0.2 |c:2 ca29 ca36:1e-1 ca11 :-0.25 |a  ab38  color:red  ab5 |a |
-1 't608 |c ca1:+2 ca30:1e-1 :0.5 |a ab31:0.3 ab13 ab33 color:blue |a  ab9  ab1  ab4:+2  ab2 |b:2
1 t157|a ab9 |a  ab36  ab16:+2
-1 |c:1.5 |b |a color:blue ab8 |c
-1 0.5 -0.2 | |a:0.5 |c  ca27  ca38:+2  ca36:0.3  ca26:-1
-1 't475|c:1.5 ca24 ca15:-1 |b  ba15:.75  ba8  ba31 | d17:+2 :-0.25 d19
1 't218|b color:blue ba2 ba0:.75 ba3:1e-1 |a
1 t725|	:-0.25	:-0.25	d7	:1.5 |c ca4 ca18:.75
1 0.5 t208|b	color:blue |	:-0.25	d38 |a
id609503	-1 1 |c :1.5 |a:2  ab11  ab3  ab28  color:red |b:0.5
-1 1 0 t675|b  color:green  ba22:1e-1  ba36  ba19:2.5 |a |a
-1 't983|b |c:0.5	ca39:2.5	color:green	ca9	ca36:.75 |a:1.5
1 't273 | |a |a ab24 ab0:+2 color:blue ab12:1e-1
1 |a ab30 ab19:+2 ab5 |a  ab34  ab39  ab38:2.5 |
id577178	-1 2 |b	ba35	ba31:2.5	color:blue |c:1.5 color:red ca25 |a ab8:1e-1
1 |c ca24 :-0.25 | d13:0.3 d27 d24:+2 |b ba5:2.5 ba9 ba30 |a	ab22	ab3
-1 't966|c :-0.25 color:blue :-0.25 |b
-1 't846|
1 't987|b:1.5  ba3:-1  color:red |c:2	ca31	ca11	:0.5 |a ab9 ab4:1e-1 |c
1 |c |b ba25 ba31:-1 |a ab32 ab24:1e-1 ab17 ab3:2.5
1 2 0.1 t575| d23:2.5 d27 |b	ba8:.75	ba20 |c	ca13:1e-1	ca16	ca34 |a  ab6  ab30
1 1 0 |b ba11 ba29 ba39:0.3 |a ab11:0.3 ab34 color:green ab19
1 't838|c:0.5 ca15 ca24:.75 ca14:1e-1 ca1:+2 |
-1 0.5 |c color:red ca19 ca28 |a	color:blue
-1 |a	ab8	ab19	ab36	ab31:0.3 |b  ba2  ba37 |c color:blue :1.5 | d6 |a:2
1 |a:2  ab1  ab6  ab20:0.3  ab2 |b:2 ba14 ba1
1 t155|a	ab5:-1	ab24:.75 |b	color:red	ba10:0.3 |a ab30
id368599	1 1 |b	ba18	ba29 |c |a  ab7  ab5:2.5  ab14  ab22:+2 |	:2
-1 1 0.3 t978|a ab14:0.3 ab23 ab36:0.3 color:green |b:2
1 0.25 0.1 t385|b ba24
-1 2 0.1 't298 |c:1.5 ca27:-1 |a ab4 |b
-1 | d25:0.3 :-0.25 |c  :2  :-0.25  ca7  color:red
1 't803|b | :1.5 |a ab24 ab19:+2
-1 't61|	d20	d13:0.3	:0.5	d3
id162484	-1 3 |b:0.5  ba32  ba37:0.3  ba29:2.5 |a ab17 ab21:1e-1 ab22:+2 color:blue |c
-1 0.5 |c |a:0.5
1 t748|a | :0.5 |b |c :2 ca10:1e-1 color:blue
-1 3 t112|a:2 color:blue ab22:1e-1 ab3:2.5 ab0:1e-1 | d33:.75 color:red |b ba9 ba7:.75 |c	ca18:2.5	ca23:0.3	ca24:2.5	color:green
1 t634|c:2 color:blue |a  ab24  ab32 |b:2
1 t22|c  ca3  ca18:2.5 | color:green :1.5 |a
1 |b ba14 ba38 ba27:.75 ba28:.75
1 |a ab36:2.5 color:green ab13 ab23:1e-1 |c  ca18  ca3:+2  color:red |b ba25 color:red ba26 | color:blue d7 |a  ab35  ab18  ab14:1e-1  ab24
1 2 0 't140 |	color:blue	d6 |a:1.5 ab17:.75
1 |a
1 0.25 0 't419 | |b  ba32 |c |a
1 |a	ab14	ab4	ab15 |b:0.5 color:green ba20:0.3 ba5:1e-1
1 t774|a	color:blue |b:2	ba39	ba20:1e-1 |	:0.5	d35	d25:0.3	:0.5 |c  ca24:-1  :-0.25  :2  ca30:0.3 |a ab29 ab27
1 2 0.1 't895 | d12:+2 d7 |
-1 1 t30|b:2 ba10
1 3 0.3 't827 |b:1.5 color:blue | |c |a	color:green	ab18:-1	ab5:+2 |a
1 2 0.1 |b	ba35:.75	ba32:-1	ba4	ba6 |a color:blue | |c  color:blue  ca38
-1 t628|a ab6 ab35 color:green ab29:.75
1 2 0.1 't221 |c ca21:.75 ca8:1e-1 ca15 |b:0.5  ba10:2.5  ba3:+2 | d37:2.5 d7 :0.5
-1 0.25 0.1 't410 | d7 d36 |b:1.5 ba29:0.3 ba4 ba7 |a  ab28:+2  ab15  ab1
-1 2 |a  ab1  ab26:1e-1
-1 1 | |c |a ab25:0.3 |a ab8 ab16
-1 2 0.1 t735| d1:-1 d19:+2 color:green d15
-1 't550 |  d21  color:red |b ba13 ba22:.75 ba35
-1 't910| d24 d22 d27:-1 :-0.25 |b:2
-1 1 0 |b ba27:-1 ba10:0.3 ba7:1e-1 ba31 |  d21 |a color:green ab0
1 0.25 |a:0.5  color:red  ab23:2.5 |b  ba38  ba16 | d18:2.5 :-0.25 d32:2.5 d10:1e-1 |c:0.5 |a:2  ab28:0.3
1 | |c	ca5:0.3 |a:1.5 |b ba30:+2 ba21:2.5 ba1:1e-1 ba38
1 't596 |c  ca10:1e-1 |a
1 |a:2  color:green  ab16  ab38  ab8:1e-1 |a:1.5	ab3	ab12:2.5
-1 't113 |a |c:2	ca21	ca28:.75	ca16	:2 |b ba21:2.5 ba3 ba1:2.5 | color:red :1.5 d9 d37
-1 't38|c ca5 :2 color:blue ca17 |a ab27:1e-1 color:red ab22:.75 ab20 | d38:2.5 d4 |b:2
-1 0.5 t62|c  color:red  ca10  ca21  :0.5
-1 2 t124|c
1 1 -0.2 |c:0.5	ca39:+2	ca22:1e-1	ca14:-1 | d14:-1 d7:2.5 :0.5 |b
1 't985 | d26:+2 color:green d31:2.5 |c  :-0.25 |b ba16:-1 ba10:+2 ba17
1 't695 |	d4:0.3	color:blue	d29:1e-1 |b  ba15  ba13  ba23:2.5 |a	ab25:-1	ab8
-1 1 0.1 t634|c |b |
-1 't909|c :2 :2 :-0.25
1 't883 | color:blue
-1 't685 |c :1.5 ca32 |	d2:+2	d25:-1	d14:.75	d13:.75 |a ab26 ab38 color:green ab35:2.5 |b  ba17:-1  ba20
1 't865|a  ab9:+2  ab19:1e-1  ab32 |	d36:-1 |b ba3 |c:2 |b:2
-1 |	d35	d13	d10	d15 |a	ab23:-1	ab17:+2	ab33 |b:2
1 |c:1.5 |b:1.5 color:green |a:1.5 ab6 ab18 ab19 ab29
-1 t312|b:2 ba1 ba11:0.3 |a ab25 ab29:.75 ab18 ab17 | |c :0.5 |a	ab8:1e-1
-1 0.5 0.1 't519 |b:1.5 ba19 ba17:0.3 ba22:-1 |  d31:-1  color:red  d21:2.5  :-0.25 |a ab8 |c:0.5	ca29	ca19:-1	color:blue
1 2 0 't945 |b:0.5 ba0 | d6:2.5 |c	ca14	ca20:+2	ca30:1e-1 |a
1 2 0 't933 |c:0.5 ca24:1e-1 ca32:.75 ca30 |b:1.5 ba21 |a:2 |  d23:-1  d31
1 2 0.1 't234 |c  ca33  ca9:.75  :-0.25  color:green |a:0.5	ab38
1 't764|  :-0.25  d6:1e-1 |a:2 ab8 ab18 |c :1.5 |a  ab30:1e-1
1 1 t747|c:1.5 color:red ca32:0.3 ca34 |b	ba25:1e-1	ba19:+2	color:green | d21:+2 :2 |a ab35 ab34:+2 color:blue ab28:.75
-1 't724 | d9:2.5 d11 |a ab20 ab33 ab15 |c :2 |c
-1 2 |a |
-1 |b:2 ba20 |c:1.5 ca19
1 0.25 0.3 t336|b:1.5 |a | d37 color:red :0.5 d4:+2 |c
1 0.25 | |a:0.5  ab7  ab14  ab6  ab29 |c
-1 0.5 t1|a:1.5 |c |c
-1 3 -0.2 't382 |a:2  ab27  ab5 | color:red :2 :-0.25 |a:1.5 ab3 ab9 ab0 |c
1 | d21 d23:.75 |b:0.5 ba31 color:blue ba35:.75 |c	ca34
-1 t901|b  color:green |c  ca13 |a ab24:.75 ab25 ab31:-1
-1 1 0.3 't512 |b | d36 color:green :0.5 |a ab18:-1 ab15 |c ca6:2.5 ca28:.75 |c
1 2 0.1 't508 |b:2 ba21:0.3 |c |a | :-0.25
1 3 |a ab31:1e-1 color:green |c	:0.5	:0.5	ca25:+2	ca39 |b ba35 ba36 |a:2	ab39:1e-1	ab22:0.3	ab8	ab15:+2
-1 0.5 0.3 t547|c  ca1:.75  ca7:-1  ca8:-1  ca25:0.3 |a:0.5	ab36:0.3	color:green |b	ba4:2.5	ba18	ba23:1e-1	ba19
1 2 t514|b | color:blue d35:.75 d23
-1 't285 | d21 |c  ca9:2.5  ca8 |b  ba35  ba29  color:green |a  ab15  ab20:0.3  color:blue |c
1 0.5 |b  ba32  ba24  ba5  ba36:1e-1 | d25:+2 d27 d28 d35 |c	ca3:2.5 |a  ab3:0.3  ab17  ab18:1e-1  ab12:0.3
1 |b	ba29	ba14	ba6 |	d37
1 2 |a	ab34	ab22:0.3 |a ab2 ab4:0.3 ab5:-1
-1 0.25 |c ca31 ca17 | d27 color:red :2 |a |b color:green ba12:2.5 ba7:+2 |c
id816474	-1 0.25 |b color:red ba26 ba24 ba36 |a | d19:2.5 |c  color:green |a ab20:0.3
1 0.5 t143|a:2 ab28 |b ba21 ba35
-1 't386 |c |b ba5 ba14:1e-1 ba21:0.3 ba7:+2 |a ab37:.75 ab16 ab34:1e-1 color:blue
-1 t773|  d9 |c	ca18	color:green
-1 t152|b ba12 |a	ab12
-1 0.5 t506|c  ca11  ca23:-1  ca25
1 t873|a ab1 ab17:2.5 ab10:.75 |b ba14 color:blue ba10:.75 ba24
1 1 0 t772|c :2 :-0.25 :0.5 |b:1.5 ba22:2.5 ba25 ba7 ba15 |a:1.5  ab38  color:red  ab27:+2  ab30 |a ab0 ab20 ab39:1e-1 |
-1 't296|a	ab32:-1	ab12	ab38	color:blue
1 0.25 | |c ca37:2.5 color:blue ca3:1e-1 ca13 |a color:blue ab34:2.5
1 t471| |b:0.5 ba25 ba30:+2
1 t492|c color:blue |a ab35 color:red |a	ab30:1e-1	ab34 |
-1 0.25 |b	ba16	ba39	ba14:.75 | |a:2  color:green  ab1 |c
1 1 t156| d2:+2 |a:2 color:red ab23 |c
-1 |a |c	ca36	color:green	ca2:2.5
-1 |c color:blue |a ab9 ab13 ab6:-1 ab30
-1 't671 |a:2	color:green |a:1.5 ab25 ab38
-1 3 t820|b:0.5 color:red ba6 ba33:+2 ba32 |c ca37 ca26:2.5 ca14:+2 color:green
1 0.25 0 't779 |b ba12 | d3:2.5 d12:+2 d31:0.3 :1.5
1 t98|a:2 color:blue ab5:2.5 |c |b  ba11  ba9  ba22 |	:0.5	color:red	d14
1 3 0.3 't447 |	d3:1e-1	color:red	d18:-1 |c:1.5  ca12  ca24 |a:1.5 ab33 ab20
1 |b  ba11  color:green  ba39  ba3:1e-1 |a | d9:+2 color:blue
1 't506 |c ca0 ca11 |b ba10 ba3:+2 ba8:2.5 |a:1.5	ab9	color:green
1 't198|b:0.5 |c | |a ab9 ab32 color:red
-1 't442|b:2 ba29 color:red ba0:0.3 ba28 |c:2  color:green  ca5  ca19:2.5
1 0.25 t508|c:2	ca10:-1	:0.5	ca38 | d9 d14:1e-1 d1 |a  ab24  color:red  ab6
-1 3 |a	color:green |b ba9 color:blue | |c :0.5 ca8
1 |b	ba26:0.3 |a	color:red	ab32:1e-1
id63563	1 3 | d10:+2 |c ca3:0.3 |b:1.5  ba34:.75 |a |b:2
1 3 t546|  color:green
-1 0.25 t456|b:1.5 |a
-1 0.25 t301| |a:0.5  ab27  ab33 |
1 1 t218|a	ab4	ab33 |c ca9 color:blue ca18 ca29:2.5 |	d11:0.3	d27	d15:2.5 |b	ba28 |a ab29 ab31:.75 ab35
-1 't656|c:0.5 |	d25:.75 |a:0.5  color:green  ab27:1e-1  ab25:2.5 |a	ab18:2.5	ab13:1e-1
1 0.25 t451|c:0.5  ca36  color:blue |a	ab23	ab21 |
-1 2 |	d11	:1.5	d19 |
-1 1 0.3 t153|b	ba22:-1 | |c ca34:.75 ca12 ca10:.75 |a	color:red
1 t651|c:2  ca31 |b:1.5 | d25 d30 d9:.75 |a	ab11:1e-1 |
id129043	-1 2 |a ab15
-1 't470 |a	ab0	ab32	ab5 |	:-0.25	:1.5 |c ca33:1e-1 :-0.25 color:red |b
id323255	-1 0.5 |	d33	:0.5	d10:2.5 |b:0.5 ba33 |a |a  color:blue  ab27  ab18
1 |b:2 ba19 |a ab12:0.3 color:green |  d31  d37  color:red  d6:0.3 |a	ab18
1 0.25 -0.2 t438|	d27:0.3
-1 3 t793|a:1.5	ab39	ab22	ab35 |c  ca33:-1  ca9  :-0.25  ca36:.75 |a ab20 ab37:-1 ab14:0.3
-1 3 |a:0.5 color:blue ab13 |a:0.5
-1 t596|b ba38:.75 ba11 |a:0.5 |b:2
-1 | d26 d35 d37 d33 |c  ca10  ca20  ca13 |b |a  ab7 |a	ab6
1 1 0.3 't361 |c:1.5 ca12:0.3 color:green :0.5 ca13:.75 |
id717143	1 0.5 | d14 d25 |c color:red ca21:1e-1 ca4:1e-1 ca2:1e-1 |a
-1 't179|	d31	:0.5	color:red	d38 |c color:red |b:2	ba4:1e-1 |a:0.5 ab35 color:red
-1 't952|  :0.5 |a:2 |a  ab5:.75  ab31:2.5  ab20  ab39:-1
1 1 0.1 |b color:red
1 | d6 |a color:blue ab30 |b color:blue ba29:0.3 ba0 |a  ab33:0.3
-1 2 t124|c |a ab13:.75 ab18:.75 ab30 |b ba14:2.5 | d21:.75 |
1 0.5 0 t631|  d22  :2  d2  d1 |b ba6 color:blue |c
-1 't253 |a  ab29  ab20
1 0.5 -0.2 't397 |a:0.5  ab31:2.5  ab34:.75  ab38:1e-1 |a	ab32	ab16:-1 |c
1 t395|a:2  ab12:-1  color:green  ab20 |a	ab24	ab16
-1 't852|c | d13 d23:1e-1 :2 d15 |a  ab13  ab14  color:blue
-1 0.25 0.1 |a |b:0.5 color:red ba22:.75 |a:2
-1 1 0.1 't371 | d29:-1 d32:0.3 color:green |c  color:red  ca21:.75  :1.5 |a	ab9:0.3	color:blue |b color:green ba3 ba25
1 3 0.1 |c	ca18:+2 |a
1 't808|a color:blue ab1:0.3 ab6 |b ba15:.75 color:blue |c |a ab37 ab11:2.5
id770216	-1 2 |a:2 ab19 |c:0.5 ca22:-1 ca7:1e-1 ca4 ca5:.75 | d29:-1 color:green |b:2  ba36  ba31:2.5  color:red  ba29:1e-1
-1 't685|  d32 |a  ab28:2.5  ab31  ab20:0.3
id617070	1 2 |b color:red |	d7	d19:-1	:-0.25	d12 |a  ab3  ab9:2.5  ab34 |c:0.5 :1.5 :0.5 color:green :1.5 |a
-1 't446 |b ba0 ba1 ba7:1e-1 |	color:green	d28	d3:0.3 |
id314657	-1 0.5 | |c ca6:+2 color:green |b ba6:.75 ba14 |a:0.5  color:blue  ab10:.75
-1 't261 |a:0.5	ab28:.75	color:green | d18 d27 :2 |b:2
1 t744|a  color:red  ab39 |  color:green  d35:.75 |c  ca7  ca36:-1
-1 't502 |c	ca4:1e-1	ca26	ca6:-1	:0.5
1 0.5 t784|a:1.5 color:blue ab5 ab9 ab21:-1 |a:1.5
-1 0.25 -0.2 't47 |c ca27:+2 |
-1 t507|c:0.5 ca36 ca20 ca17 | d14 :2 color:red |a	ab26	ab23 |b  ba25:1e-1  ba1:2.5
-1 0.5 |b |c:0.5  :0.5  ca35  :2  :-0.25 |	d20:0.3 |a	ab19:+2	ab15:0.3	ab5
1 |a ab10 |a	ab32	ab39:2.5	ab35	ab38 |b:2
-1 |	d18	d23	:2 |b ba22:.75 |c	ca12 |a:2 ab1 ab36 ab22
1 0.25 0 't764 |c:0.5 |a:2  color:green  ab17:1e-1 |a
-1 2 t828|	d39:2.5	color:green	d11:1e-1	d32 |b:1.5 |c
1 t889|c:0.5 :0.5 :2 ca38 ca13 | d12 :2 |a |b	ba31:.75	ba14 |a	ab9	ab14
1 't602|b  ba36:+2  ba31  ba27 |c	ca3:1e-1	:1.5	ca15:.75 |
1 't818 |c  :-0.25 |a |c
1 | d33:+2 d16 :0.5 d29:-1 |b ba16 ba3 |a:1.5  ab19  ab13:0.3  ab2:0.3  ab10 |a ab28:-1 ab8 ab17 |
-1 't539|a  ab24:.75  ab38  ab18  color:green |c:0.5  color:blue  :0.5  ca26:0.3 |a  ab15  ab19
1 t562|  :0.5  d22:0.3  color:red  d0 |b:1.5 ba0
1 't711| :0.5 |c:0.5 |b	ba4:2.5 |a ab18 color:green ab33 |c
1 t257|a	ab4	ab9	ab1	ab37 |c :0.5 ca26:+2 ca27 |b	ba35:.75	color:blue
1 0.25 0.3 't159 |	d27:+2	d31:+2	color:red |a  ab31  ab18  ab0 |b  ba17:1e-1  ba23 |a	ab27:0.3	ab28	ab38:-1	ab32 |
1 't555 |	d2	d17:0.3	d21:0.3 |a  color:red |c  :-0.25 |b ba18 |a ab30:-1 ab28:2.5
-1 t105|a:0.5  color:red  ab32  ab27  ab28 |b:1.5 ba19 ba15 | d33:1e-1 |c:1.5 color:blue ca38 :1.5 ca31:1e-1
-1 3 |c:2 :-0.25 ca7 | d12 d37 d5:-1 |b  ba13 |a color:red
1 't319| d29 :0.5 |a color:blue |
1 1 |c:1.5 ca39:+2 ca32:-1 ca0:.75 |a:1.5	ab5	ab10 |
-1 2 0.1 t43|b ba16 ba0 ba21:1e-1 |a	color:red	ab21:-1	ab15	ab17:2.5
1 0.5 0.3 |b:1.5 |a ab34 ab23
-1 1 |a | |a:1.5	ab23	ab11:1e-1
1 t122|a ab22:+2 |b	ba12:.75 |c	ca17	ca37:+2	:1.5	ca6 | |a
1 0.25 -0.2 | d37 |b |c  color:blue  ca8  ca33  ca18:-1 |a ab29:+2 ab14 ab11:2.5 |
id826702	1 3 |a  color:red |b  ba21  ba5  ba30 | d27:+2 d17:-1 d14 |a	ab29:.75	ab2	ab21
-1 2 | :-0.25 color:red
1 0.25 0.3 |b:0.5  color:red  ba22:+2  ba27:1e-1  ba6:+2 |c:0.5 |a	color:blue	ab6	ab38:+2 |a	ab24	ab39:1e-1	ab10
-1 2 0.1 t226| |c  ca29:+2  :2  ca5:0.3  :2
1 1 t72|b:2 ba34 ba5 ba20:.75 ba8:+2 |c ca10:.75 ca19:-1 ca23:0.3 |a	ab39
-1 0.25 0.1 't407 |a:2  ab30:.75  ab8 |b:1.5	color:blue	ba28:.75	ba32:2.5
-1 't802 |a ab5 ab14 color:blue ab20 |a:0.5 ab1
1 t650|a	ab37	ab23:1e-1	ab6
1 0.25 |c
-1 2 0.3 't667 |c color:red |a ab13 ab9:1e-1 ab30 |c
-1 't869 | |c  color:green  :-0.25 |a ab29 ab6 color:red ab28
1 0.25 t45| d35 d39 d1:.75 d11:-1
-1 't898 |c	color:red |b	ba5	color:blue |
1 't991|  d32 |a  ab19:+2  ab30:0.3  ab26 |b:2
-1 1 |b ba39:1e-1 |	d34:+2 |a ab18 ab6:+2 ab26:+2 ab13 |c
-1 't474|b:1.5  ba12  ba13:1e-1  ba6 |a	ab24:-1
1 2 0.1 | d34:0.3 d30 d11:0.3 |a |b |c ca27 ca39
-1 0.25 |b	ba0:-1	ba17	color:green |c | |a color:red |c
1 't531 |a  ab16  ab1:0.3  ab33  ab34 |c ca9 :1.5 ca3 |b ba6 color:blue ba32:0.3 | |c
id524492	-1 0.5 |c :-0.25 ca30 ca13 |	d39:+2	:2	:-0.25
-1 1 t685|c	ca38:+2	ca28	:2	:1.5 |b |
1 0.25 -0.2 t508|b:0.5  ba7:.75  ba19:2.5 |	color:red	d20:+2	d2:0.3 |a color:red ab26 ab38 |
-1 0.5 0.3 't178 |b	ba30
1 2 -0.2 t632|b	ba1	ba36:+2 |c:2 |  d39:0.3  color:green |a:0.5	ab22	ab25	ab33:-1	ab3:2.5 |c
-1 't875|	color:blue	d34:-1	:2 |a:0.5	color:blue	ab22 |c
1 1 0.1 't942 |b  ba20  ba12  ba32  ba18:.75 |a ab15 ab33 ab2
-1 3 t345| d8 color:blue d26:2.5 |a:0.5  color:red |a	ab16:0.3	ab1
-1 't873 |a ab19 | d25 d20:.75 :0.5 d16 |b	ba12:2.5	ba37
-1 0.25 0 t818|b  ba6  color:green  ba35:1e-1  ba37:.75 |c:2 ca26 color:green ca20 | d20 |a ab0:-1 ab25
-1 3 0.1 t795|c	:2	ca27	ca24:-1	ca6 |  d37:1e-1  d16:-1  d39:2.5 |a |b:2 ba34 ba17:.75 ba33 ba35 |a color:green ab6:-1
1 1 0 t974| d35 d11:.75 d6 |c:2  ca19  ca1  ca15:-1  ca39:-1 |a:0.5	ab23	ab35:1e-1 |b:2
-1 't562|b |  d17:-1
-1 't294 |c | |a |a:0.5  ab7  ab22:0.3
-1 |a:0.5 ab17:0.3 | d0:.75 color:blue d15 |
-1 0.25 |  color:red  d35 |a:1.5 ab20
1 1 0.3 |  d33  d9  d26 |a ab39:2.5 ab16 |b:2
-1 2 -0.2 |b ba30 | d18 d31:2.5 :-0.25 d17 |c:1.5 ca9 ca27 :1.5 |a:2 color:blue
-1 1 0.1 |a
1 0.5 0.1 |a:0.5 |b  color:red  ba24  ba15 |c:0.5 |a:2
-1 | d10 |a ab18 ab30:-1 |c:1.5 ca14 ca16 |b |b:2
id904464	-1 0.25 |a:0.5 ab16 ab9:-1
1 t686|b:0.5  ba27:-1
-1 1 0.1 't315 |b:0.5 ba34:-1 ba31:-1 ba1 ba37:-1 |a ab21:.75 ab25 ab27:0.3
id599093	-1 0.25 |a:1.5 ab8:.75 ab28:1e-1 color:blue | color:green d11
-1 't447 |  d35:+2  d37  :1.5 |c ca38:1e-1 :1.5 |a:2	ab23 |b ba6 ba27:1e-1 ba4 |
-1 0.5 |a color:green ab6 |c:2 |b	ba15	ba38	ba10	ba26:+2 | color:green d24:-1 d17:.75 d2
id527366	-1 0.25 |a	color:blue	ab8:-1 |c:1.5  ca15 |a
-1 t664|a ab35:.75 |c  color:blue  ca15:+2  :2
-1 3 0 't248 |c |a:2	ab20:+2	ab11:1e-1 |a
-1 1 |c:1.5	ca24:2.5	:-0.25	ca2:-1 | d0 :1.5 |a:1.5
-1 't51|  :1.5  :1.5  :-0.25  d11 |b |c  ca6:1e-1  ca28:1e-1 |a
1 2 0.1 t549|a ab38:2.5 |b color:blue
-1 't517|  d24  :0.5  d22  d37 |b  ba35
-1 't54|a |	d21:2.5	color:red |b color:green ba2:+2 ba29 ba38:2.5 |c :0.5 ca14 :0.5 |b:2
1 2 -0.2 't956 |	:-0.25 |a:1.5	ab29:+2	ab27	ab11:2.5 |c ca36 ca27 ca31
-1 |a ab29:0.3 ab25:0.3 ab20:-1 ab24:1e-1 |a:1.5
-1 t936| color:red |a ab30:0.3 ab14 |a ab18:-1 ab6
-1 |a:1.5 ab16 |b ba23
-1 2 t350|b color:red |a:1.5 ab19 | |a	ab13:2.5 |
-1 1 0.1 | color:red d26 d29:.75 |c	ca36	ca7	:1.5	ca24 |a  ab31:.75  ab36:+2  ab19:2.5  ab0:-1 |a  ab23
1 2 t806|c ca38 ca6 |	d38	d17	d16:+2 |a ab23:-1 ab2 color:blue ab15 |b:0.5 ba16:0.3 color:blue ba0 |a:1.5  ab24
1 2 |a |c ca4 | d17 d6 d35:2.5 d10:2.5
-1 t263|b:2 | d13:2.5 d21:1e-1 |a:0.5  ab8  color:red  ab35
1 't375 |a	color:blue	ab35:2.5 |a:0.5  ab18 |
1 0.25 |c ca38:1e-1 ca26 :0.5 ca22:1e-1 |a ab35:.75 ab29:+2 ab20:-1 ab30:.75
-1 0.25 0.1 | :2 :-0.25 |c	ca16:2.5	ca38:+2	color:green
-1 0.5 -0.2 't104 |c:0.5  ca9:.75  color:red  ca18
-1 0.25 0.1 't490 | d31 color:green
-1 3 0 't837 |c:0.5  :-0.25 |b color:red ba29:0.3 ba39 ba33 |a ab6
-1 t447|a ab6 |c |b color:green ba8:-1 |  d0 |c
1 t235| color:blue |b:2 |b:2
-1 2 |b:1.5 color:green ba32 ba10:1e-1
1 3 t765|  d32  d29  :-0.25 |c :1.5 ca25:.75 ca39:+2 color:blue |a ab25 ab1 ab3 |b
1 0.5 0 |a ab3 ab18 | d31 d28
-1 t502|b  ba30  ba0 |c ca32
-1 't436|b	ba27:0.3 |a
-1 t840|c	ca17:.75	ca31:1e-1	ca38 | color:red d11
id998622	1 2 |c  ca33:.75 |b ba10:1e-1 ba1 ba23 ba14:.75 | d32 :1.5 d30
1 2 |c	color:red	ca21:+2	ca32
1 't659| color:red :-0.25 :1.5 |a:1.5
-1 2 t655| d22:-1 |c:1.5 :0.5 |a:1.5	ab39	ab31	ab14	color:blue
id182362	1 3 |a	ab23 |c:0.5 color:blue ca2:.75
-1 3 |a  ab37:.75  color:blue  ab10:2.5 |b | d30 :2 d14 |c:1.5
-1 0.25 0.1 't343 |a:2  ab16:0.3  ab8  ab12:2.5 |b ba0 color:blue
-1 3 -0.2 't86 |c:0.5 ca27:1e-1 ca6 |a  ab11 | d24 :1.5 d35:.75 |b
-1 't231 |a ab21
id932505	1 2 |c:1.5 ca27 color:red ca14 :0.5 |b ba8 |a
-1 't318|a	ab17:+2	ab37	ab34:-1 |c:1.5 ca9 | |b ba4 ba31
1 't722 |b:0.5 ba17:2.5 color:blue ba10:0.3 |c |a ab21 ab36 ab23:.75 |
-1 t3|b ba19 ba12 color:blue ba37 |c ca24 ca38:0.3 | d5 d2 d26 d10:0.3 |a
1 2 0.3 t301|	d38:.75	color:green	d22	d25:1e-1 |
-1 3 t120| d34:2.5 |b color:green ba25 ba18 |c ca35:2.5 :0.5 ca26 |
-1 't34|b:0.5 ba29:-1 |  color:red  d34:+2
1 't805|a	color:blue	ab11	ab20:2.5	ab37:.75 |b:1.5 ba27:.75 color:red ba17 |c
-1 3 0.3 t763|b	ba23 |a ab29:-1
-1 3 t343|a  ab33  ab31:-1 | d27 :1.5 color:green :1.5 |c |b:2
-1 2 |b:1.5 |
-1 0.5 0.3 t432|b color:blue ba30:2.5 ba37:+2 ba16 | d1 d16:0.3 d38
id814089	1 3 |c  ca23:+2  ca39  ca38  color:red |a:0.5 ab12:+2 ab10 ab29
-1 3 0 t948|c:2 color:green ca9 ca31:+2 ca15:-1 |a |b ba20:0.3 ba26 ba5:2.5 |	:0.5	:-0.25	d34:2.5	color:green
1 | :1.5 d9:2.5
-1 0.5 |b |c ca7 :2 | d16:+2 d32:-1 :2 d10:.75
-1 0.5 | color:blue d25 d33:.75 d12:0.3 |a	color:green	ab10:-1 |c
1 0.5 0.3 t154|a ab13:2.5 ab15 |	d38:.75	d2	d11	d9:+2 |b:2
1 't915|a ab38:+2 color:blue ab15 ab9 |b ba27 ba34:0.3 ba13 ba28:2.5
1 |a:1.5  ab35 |b  color:green  ba15  ba31 | d14:.75 |c
-1 |b  ba10  ba0:2.5 |a |  d36 |c  :-0.25 |a
-1 3 0 t573|a:2	ab38	ab15 |b
1 0.5 0.1 |a |c |b	ba21	ba15:2.5 |
-1 |c:0.5 color:blue |a  ab16  ab30  ab4 |a  color:blue
1 't95|a  ab34  ab13:0.3 |c | d38:+2 d23:-1 d15:.75 d21:.75 |b:2
-1 2 0 |a:0.5	color:green	ab3:1e-1	ab25:+2 | |b ba30 color:blue ba19 ba5
-1 2 t56|a	ab30:+2	ab34 |c:1.5  :2  :0.5  ca10:1e-1  ca8 |a	ab6	ab22:-1	ab7	color:red
-1 't488|b  ba26
-1 3 0.3 t597|  d39  d1:1e-1  d5  d32:-1 |b ba21 |c  ca1  ca18 |a ab29:0.3 color:green ab11 |
-1 2 0 't517 |  d13:-1  d9  d30  d37 |c	ca20:1e-1
-1 't699|b ba3 ba26 ba18 |a	ab4	ab35	ab13:-1 |
id71294	-1 1 |a color:green ab27:0.3 ab34 ab13:2.5
-1 't261 |c	ca33	ca36:-1 |a	ab9:+2	ab7:2.5
1 3 t190|c |a  ab11  ab13  ab35:2.5 |b:1.5 ba27:-1 |  d6  d25:1e-1 |
1 't410| :2 d25:+2 d2 d18:2.5 |c ca28 ca14:1e-1 color:blue ca11:1e-1 |a ab22
1 't980 |a |b | color:red d35:.75 d19:-1 d2:0.3 |c color:blue ca16 ca36 |c
1 0.25 -0.2 t515|  d16:+2 |a |b:2
id841568	-1 0.5 |c ca13 ca38 :0.5 color:red |a:2  color:red  ab9:0.3 |b:2 ba10 color:blue |	d21:+2	d34	d14 |b:2
1 't450|a color:red |c:2  color:blue | |b:0.5  ba8
id831328	1 3 |a  ab16 | |b ba10:-1 color:red ba5 ba2:1e-1 |c	ca10:0.3	ca27:1e-1	ca20:0.3	color:blue |a:1.5 ab29 color:blue
-1 1 t473| d33 d23 :2 |a color:green |c  ca26:2.5  ca15  ca4:2.5  color:blue |a
-1 0.5 -0.2 |
1 't870 |a:1.5  ab6  color:red  ab27:2.5
1 0.25 0.1 t504|a:1.5 ab27:.75 ab11:0.3 ab9 |c:2 |b ba11 ba16 ba24 ba5
id424813	1 2 |b:0.5 | d38 d20:-1 |c  ca39:+2 |a
1 3 t315| |a |b	ba3:-1	color:red	ba20:+2
1 |a  ab11  ab2:2.5  color:green  ab12 |b ba18 |a  ab3
1 't829| d0
1 |c	ca4:+2	color:green |a
1 1 0.3 t171|a |a	ab8 |
1 't3 |c:2 | color:red d16 d2:+2 d0 |a:0.5  ab20  ab14
1 1 -0.2 't926 |  d33:1e-1
-1 3 t604|a |b:0.5 ba5:-1 ba18 ba21:1e-1 color:blue | d20:.75 d8:1e-1 d39:1e-1 d30:1e-1 |c  color:blue
-1 |a:2 ab20 ab39 |c:0.5 ca17:.75 :1.5
1 't922 |c  :1.5  ca20  :-0.25 |a ab7 ab30:.75 ab11 |b  ba28
1 t368|	d22	:-0.25	d31 |c  ca21:-1  color:green
-1 3 0.1 't755 |b ba26:.75 |c	ca19:2.5	ca34	ca12:-1 |	d28:0.3	d36	d12:-1	d2:1e-1 |a |a
1 't931| |b:2 color:blue ba26:+2 ba3 ba5 |a:2 |a ab31
1 |a ab31 ab33 |b ba39 |
-1 1 -0.2 |c  ca18 |  d19:2.5 |a:0.5 color:red ab24 ab31 ab38:-1 |b:0.5
-1 0.5 |b ba5 ba8
id226774	-1 1 |c:1.5 ca24:0.3 ca0 ca18 |a	ab29	ab28	ab20:1e-1	ab0 |a  color:green
id430577	1 0.5 |  d4:.75  :0.5  d16:1e-1 |b ba8:+2 ba34 color:green |a  ab1:+2
-1 t910|c:2
-1 0.25 -0.2 |b
1 3 | d36 d34 |b ba21:.75 |a:1.5 color:green
-1 1 0.3 't892 |c  ca12  color:green  ca6:2.5  :-0.25 |  d15 |a ab25:1e-1 ab17
1 1 -0.2 't763 |c:1.5	ca9:+2	ca33	ca29 |a:2 | d13 d2:2.5 |b:1.5 ba25 ba24 |a:2  ab8:0.3  ab5  color:green |b:2
-1 't749 |a  ab37  ab38:+2 | |b:1.5  color:green
-1 2 |b:1.5	ba2	ba26:1e-1	ba13:+2	color:green |a  ab38:+2  ab34:0.3  ab4:1e-1
-1 |c:2	color:green	:0.5	ca35 |b:0.5 ba30 |c
-1 3 -0.2 | d13:2.5 |a:2 |c
-1 1 |b ba26:-1 ba37 ba14 |  color:blue  d9:.75  :0.5  d17:+2 |a:2  ab34  ab30  ab37  ab20 |a:1.5
1 't125 |b:2 |a
1 2 t979| d33 d27 d28 d22:0.3 |
-1 0.25 t479| d21:-1 d34 color:red d20:1e-1 |a:0.5	ab29	ab17
1 t231|b |a:0.5 |c
1 0.25 |b  ba13  ba34:+2 |c ca30 ca10:.75 |a:2	color:blue |
-1 0.25 0 't655 |b:0.5 ba39 ba34 ba10 ba16 |c  ca22:1e-1  :0.5  ca21:1e-1  :1.5 |a ab11 color:blue ab36 |c
1 't213|b |c ca36 ca34 :1.5 ca22 |a ab5
-1 3 0 |a	ab32	color:blue	ab9 |b  ba35:-1  ba20 |
-1 2 0 't154 |c	ca9	ca36:0.3	ca30	ca26:0.3 |c
1 t441|c :1.5 |a  ab20  color:blue  ab21  ab35:0.3 | |b
-1 3 t934|b |c |	d8	d16	:1.5 |a ab39 ab16:.75
1 2 0 |c | d16 :1.5 |b |a  ab2  ab6
-1 't871 |a ab17:+2 ab31:1e-1
1 't316|b:0.5  ba34  ba11  ba0 | d13:+2 |a  ab2  ab0:.75
-1 1 -0.2 't862 |b | d19 |c ca3:0.3 :1.5 ca20:+2
1 2 0.1 |c color:blue |b ba21:+2 color:blue ba14:2.5 ba38:1e-1 |a:2 ab2 |a
1 |b:1.5 |c:2 |a	ab23:+2	color:green	ab32:.75	ab15 |	d11:+2	d33	:0.5
-1 0.5 t832| :2 |
1 3 t998|a:2  ab16  ab24:-1 |b |c:0.5 |c
1 2 t183|a  ab2:+2  ab22:0.3  ab6:1e-1 | |c
1 0.5 -0.2 |b:1.5 ba13:.75 ba3 | color:red |a	ab28	ab37:+2 |
1 't498|a	ab26	ab17	ab24:+2 |b:1.5	ba34	ba8	ba38 |c :0.5 :-0.25 color:red | |a color:red
1 2 0.3 't419 |b ba20
-1 2 |b ba8 color:red | |c:0.5  color:green  ca33:2.5  ca26:-1  ca10
-1 't879 |b |b:2
1 't659 |a ab35 ab24:2.5 color:green ab12:.75 | |a
1 't818|  :-0.25  d26  d13  d5 |a:2 ab4:-1 ab9:+2 ab37:-1 |c:1.5  ca12:0.3  ca25  :2  ca15:0.3 |b	ba36	ba26:-1
1 't220|c ca37:.75 ca20:-1 |a ab1 |a	ab25:2.5	ab37:+2	ab31	ab10
1 't880| d21:0.3 d33 |b  ba9
1 t606|  d10:.75 |a |b |c:2	color:green	ca31:2.5	ca11	ca5:.75 |a:1.5  ab35  ab1  ab37
1 |c:1.5	:1.5 |b ba37:1e-1 ba20:2.5 color:green ba31 |a  ab33:-1  ab0  ab12:0.3  ab30:-1
-1 2 0.1 t346|b:0.5	ba23:.75	ba1	color:green |a ab27 ab24:.75 ab7 | |c	color:blue |a ab1:1e-1
-1 2 |b  ba6:.75  ba12  ba15  ba31 | d38:0.3 :0.5 |a	ab20	ab29:0.3
1 t400|a:1.5  ab20:+2 |b:2 ba38 |c:1.5  ca22 |a color:red
1 't831|c color:blue |a  ab35  ab0 |b | d25:1e-1 d32:1e-1 d29
1 't439|c ca29:-1 color:red |
-1 3 0 |  :-0.25
1 't823|	d34	d7:+2 |b ba11:0.3 |a	color:green	ab20	ab38	ab17 |c ca8:2.5 ca24 color:blue
-1 1 0 't341 |b ba5:2.5 color:green |a  ab23:+2 |a:2 |b:2
id340464	1 3 |	d33:0.3	d32:2.5	d7 |a color:red ab36 ab4
1 0.5 -0.2 | d20 d12:1e-1 d28 d31:+2 |c |a	ab0 |b:1.5  color:red  ba18:-1  ba30
1 0.25 -0.2 't872 |a:1.5	ab36
-1 0.5 0.3 |a
1 2 0.1 |c:1.5 color:blue ca24:2.5 |b:0.5  ba32  color:blue  ba35:+2 | d18:.75 d32:-1 :-0.25 |a  ab23:1e-1
-1 't322|c ca26
-1 t965| d23 d39 d8:2.5 |b |a:0.5 ab25:2.5 ab21 ab39 ab35:0.3 |c:1.5 ca19 ca36:+2
1 |c ca2 ca25:1e-1 ca16:1e-1 :-0.25 |	d33	d13	color:green |b:2 |a:1.5
1 't189|b color:green ba33 ba9 ba5 |c
1 1 t423|c:0.5  :0.5  :-0.25  ca39 |b ba1:+2 ba39 | :2 |a ab20 color:blue ab22
1 |	d18:1e-1 |b:0.5	color:green	ba18 |c:1.5 |a	color:blue	ab24:1e-1	ab10:2.5 |
-1 t460|c	ca14	ca3:2.5 |a:1.5  ab18  color:blue  ab29:0.3 |
-1 0.25 0.3 't555 |a ab35 color:green ab14 |c ca1 color:red ca20:0.3 | d2:2.5 color:green :2 d5 |b	ba30:+2	ba35
1 't475 |	color:green	:1.5	d28:1e-1
id149498	-1 3 |c ca39 | |b:2 ba9:-1 ba28 color:red
-1 0.5 |c:0.5 ca34 ca19:2.5 ca32
-1 1 0.3 |b ba31:1e-1 ba39:+2 ba8 |c ca35:2.5 color:blue
1 3 0.1 |a ab24 ab34:+2 ab17:1e-1 |b  ba33  ba11  ba22:2.5
-1 0.5 t123| |a |b	ba5	ba25	ba7:1e-1	ba23 |c
1 t376|b | d9
1 |c:0.5	color:red |b ba8 ba31:1e-1 ba24:0.3 ba4 |a:0.5	ab20:0.3	ab27
-1 't128 |b:0.5 ba12 ba36:0.3 |a:2 ab12
id293679	1 1 |b ba36:2.5 ba24 color:red ba7:+2 |c |a | d19 |b:2
id21936	1 3 | d1:0.3 d33 |a ab8 ab39 ab29 |c  color:red  ca10  ca26:1e-1 |a	ab3:-1	ab31
1 't552 |a ab11 color:red ab15 ab0 |c ca11:1e-1 |	color:blue	d38 |b ba21 ba31:+2 ba38
id44427	1 1 |a |a:2	color:red	ab1:.75	ab34
1 2 |c:0.5	ca13:1e-1	ca8:2.5 | |a ab13:2.5 ab23
id385591	-1 1 |a:0.5 ab25 ab0 ab20 ab29:-1
1 |c	ca23	:-0.25	color:green	ca13 |  d7  d13:-1  d15:-1  d25 |b:2  color:red  ba0  ba36  ba26:2.5 |a |a:1.5	ab31:1e-1	ab11:.75 |b:2
-1 0.5 |b ba6 color:green |  color:blue  d3:-1 |a ab10 color:blue ab8
1 0.5 -0.2 't420 |a ab31:-1 ab19 ab25:-1 | color:blue d15 |b ba0 color:green ba30:.75 ba1:-1
-1 | d11 |a ab28:0.3 |b color:green ba2 ba25:0.3 |b:2
id804232	1 2 |a | |c ca17:+2 ca37:-1 ca0:1e-1 |b:2
-1 't240 |	:0.5	color:red
-1 't43 |c:2  :0.5  :1.5  color:blue  ca39:.75 |  :2  d16:1e-1  d1  color:blue
1 1 t100|b	ba36	ba9:.75	ba13 | |c	ca9	ca32	:2	ca25:0.3
-1 | d10 d20 |c:1.5
-1 0.5 0 t649|  d35:+2  d26:2.5  color:red |a
-1 |c:2  ca12:1e-1  :1.5  ca18:-1  ca34:2.5 |b	ba26	ba10:.75 |	d21 |a:0.5  ab12  ab33 |b:2
-1 0.5 |	:-0.25	d5:1e-1	d14:0.3	d36 |c color:blue ca2 :1.5 |b:0.5 ba38:-1 |a color:green
1 2 |a:2 |b  color:red
1 |a ab7 ab5 ab32 ab33:2.5 |a:2 color:green ab3
id624479	1 1 |  :2  d24  d18:+2  color:blue |c :-0.25 ca36 :-0.25 ca13
-1 't854 | |c ca36 |b:2 |a:1.5	ab36	ab17:1e-1 |a  ab13  ab16  color:red |
1 't227|a	ab14:0.3	color:green	ab11:-1 | d28 color:green |b  ba39:1e-1  ba13:1e-1 |b:2
-1 0.25 0.1 |c  ca20 |b:2
id971572	1 3 |b |c ca26 ca6:.75 :-0.25 |a:0.5	ab21	ab1:2.5
1 | |b:0.5 |c:0.5
-1 1 -0.2 | d39 d28 color:red
1 t123|c ca19:0.3 ca14 |a |a  ab15  ab2  ab10:-1  ab38
-1 t489|b:2  ba16  ba17 |a:0.5  ab24 |c ca21:-1 ca10:0.3 :0.5 |a	ab0	ab26	ab29
1 1 0.1 t576|b	ba19	ba13	ba20:0.3	color:red
-1 0.5 t233| d37:2.5 d2:2.5 d4:.75
-1 't63 |b:2 color:red
-1 |a color:green |b
1 t801| d30:2.5 color:blue :0.5 |a ab18
-1 0.25 0.3 t259|b  ba16  ba17:0.3 |c ca5 :-0.25 |a:2
-1 't591|b ba3 ba25 ba38:0.3 ba15 |c	ca32:.75	color:green	ca23:+2	ca20:+2 |a:1.5
-1 't84|b	ba17	ba38:+2
1 't388| |c:2 ca36 |b
1 |b  ba35  ba15  color:blue  ba38:+2 |a ab34 ab36 ab3 ab0
1 3 0.3 't9 |a |c |  color:green  :0.5  d8
1 t100|c color:red |b ba7 ba21:0.3
-1 1 |a ab6 ab35 ab29:1e-1 |b:1.5 |a ab9
-1 't680|a:0.5 color:red | d35 d0:.75
1 t493|a:1.5 ab14:.75 |c:2 ca5 ca19 |b  ba36 |	d34	d16:+2	:1.5	color:red
-1 1 0 't613 |a	ab30:.75	color:red |b ba7:.75 ba12:-1 color:green |a ab21
-1 3 t68|a  ab19  ab31  ab30 |c:0.5 |	d11	color:blue	d9:.75	d18
id913812	-1 0.25 |  d6 |a
1 't371 |a:2  color:blue |b ba37:1e-1 color:green ba23:.75 |c |  d0:0.3
-1 | color:blue d4 |c	ca21
-1 3 t632|b	ba22:2.5 |a ab25:2.5 ab27 | :0.5 d17 d31:+2 |c ca9 ca18:-1 ca34:1e-1 |a ab12 ab37:0.3 ab19
-1 2 0 t45|	:1.5	d27:+2	:-0.25	d1 |b color:red ba11 |a |c ca1:-1
1 't909 |b  ba3  color:green
id994801	1 2 |
1 | |c
1 't851|b:0.5 ba7 |a  ab20 |c |	color:blue |a:2	color:red	ab3:+2	ab34:.75
1 0.25 0.3 't466 |c ca38 ca27:0.3 ca24:1e-1 color:red | color:blue d11:1e-1 d27 d32:.75 |b:2 |a	ab12
1 0.5 0.1 t71|b:0.5  ba10  ba31:-1  color:green  ba33:2.5 |a ab18:1e-1 ab30 color:red |c:2 color:green ca27 :1.5 ca6:-1 | color:blue |a	ab33:.75	ab31
1 1 0 |b ba17 color:blue ba29:.75 |  d36  color:green  d19 |c
1 |c	color:blue	:0.5	ca2	ca7:.75 |b ba20:+2 ba26 color:red | d11:2.5 d32:.75
-1 1 0.3 't286 | d32:.75
-1 2 t130| |a:1.5	color:blue
-1 |c ca16
1 3 -0.2 't545 |a	ab26	color:red	ab31	ab5 |c ca38:0.3 color:blue ca8:+2 ca26:-1
-1 't162|b:1.5 ba24:.75 |  d2:.75  d11 |a ab29:0.3
-1 0.25 t787|a |c
1 |b ba25:2.5 ba0:1e-1 ba37 | :-0.25 d3:1e-1 color:green |c ca3 |a	ab21	color:red	ab19	ab23 |a
-1 2 -0.2 't569 | d26:.75 d2 color:blue d23 |c	color:green	ca1 |a color:green ab12:+2
1 1 |b ba18 ba35:+2 ba21:.75 color:green |c:0.5 ca1:.75 ca22 :1.5 |	color:red |a	ab23	ab34	ab4:.75	ab22 |c
-1 1 0 | |b ba17 ba37:.75 ba30 ba20:.75 |a ab25:.75
1 1 0 't641 |b
1 't869|b:1.5 ba20:+2 ba28:2.5 ba15 |a |  d2  color:blue  :1.5 |c ca33 ca1 ca38:0.3 color:red
-1 0.25 0.3 't227 |b:0.5	ba18:+2	ba8:+2	ba30:.75 |a:1.5 ab19 ab25:+2 ab1:1e-1 |  d18:.75  :-0.25  d4 |c
1 1 0 t80|c	ca2 |a  ab14  color:blue  ab0:2.5 |	:0.5	:0.5 |a:0.5	ab16	ab6:-1 |b:2
1 t594|  d29  d15:+2  d32:0.3
-1 0.25 t843|c ca5:+2 :-0.25 | color:red |a:0.5	ab22	color:red	ab36	ab29:2.5 |a ab28:0.3 ab11:.75 ab24
id762173	1 2 |  d0:-1
1 0.25 0 't405 |c:2 :-0.25 color:red ca34:-1 |b	color:blue	ba0 |a  color:blue  ab4
1 t72|a:2	color:green	ab11:-1	ab22 |c	ca20:2.5 |b  color:red  ba5  ba23:0.3 | color:green
id750717	1 2 |c  color:blue  ca28 |c
1 t145|c ca4:2.5 ca0 |a  ab18:0.3  color:red |b ba20 | d39:1e-1 d20 d12:2.5 |c
1 1 -0.2 t370|c |a color:green | |a |c
1 't73 |a ab32:+2 ab15 ab21 ab8:.75 |b |c color:red |c
-1 t976|c | d5:2.5 d26 d13 d27 |a:0.5	color:red	ab23 |b:2  ba16  ba9 |a
1 0.5 t204|c:1.5  :1.5  color:red  ca36  ca9
1 't969|b  ba15 | :2 color:blue
id365590	-1 0.5 |c  color:red |  color:blue |
1 t172|b |b:2
1 't420|c  ca0  :0.5  ca31  ca19:-1 |b ba10 |a
1 0.5 0.1 |c ca9:1e-1 color:green
-1 2 |  color:green  d39:0.3  d6  :-0.25 |a:2  ab21:-1  color:red  ab19:+2 |c:1.5 ca36:1e-1 color:green |b color:red ba24:0.3 |b:2
1 2 0.3 |c ca39 ca9 |a |b:2
-1 t91|a:2 ab27 ab18 |b:1.5  ba35:+2  ba17:0.3  ba8 |a:0.5
1 't969 |c color:green :2 |a color:green ab20 | d22:.75 d25 |b:0.5	ba18	ba10:-1	ba2	ba31 |a:0.5 ab22 ab2 ab15
-1 |a	ab11:0.3 |a ab22 |
-1 0.25 0.1 't922 |  d13  d31 |b ba21:+2 |c |a  ab33:0.3  ab3:-1
id6550	-1 0.25 |c	ca21:+2	ca6:0.3	ca29	:0.5 |b  color:green  ba9:-1
-1 't700|b  ba15  ba0:.75  ba26:+2  ba14:1e-1 |a:1.5
-1 0.25 0.3 't252 |b ba2 | |c |a	ab0:0.3	ab11
-1 0.5 0.1 't901 |c:2	ca30	color:blue	ca27:0.3	ca16 |b ba29 ba7 color:red ba8 |a	ab39:+2	ab4	ab11
id442455	1 0.25 |c:2	ca27:-1	ca22	:0.5 |a color:red ab18:-1 ab27 |b	color:blue	ba26 |a	ab16:+2	ab15	ab6:2.5
1 't856 | |a |a ab33 ab35
-1 t486|c:0.5 :0.5 color:green ca37:0.3 ca23:.75 | :1.5 d12:2.5 d1:-1 d19:+2
-1 1 |c:1.5  color:green  ca4 | |a |b:1.5  ba39  ba35 |a:0.5 ab28 color:blue ab31
-1 t921| d13:+2 |c |a	color:blue	ab29:.75	ab35:.75
1 2 0.1 |b ba18:-1 ba30 color:green ba8 |	d20	:2	d38 |a |c	color:green	ca14:.75	ca6:.75
1 0.5 |c ca18:2.5 ca2:2.5 ca6:.75 ca37:2.5
1 3 -0.2 't343 |c |b:1.5  ba30  color:blue  ba10 |a  ab22:-1  color:green  ab15:.75 | :2 d5 :1.5
-1 3 t126|	color:green	d30	d16:.75	d5 |c:1.5	ca39:0.3 |a ab9 color:red
id3355	1 3 |b ba28:2.5 ba16 ba10 |b:2
1 't411|c ca1:1e-1 color:green ca3 ca30 |a  ab24:-1  ab30  ab34:2.5
-1 't246 |b ba25 color:red |a | d24 d27:.75 d9:+2 d5 |c  ca36:.75  ca0  :2  ca21:2.5
-1 0.5 0.3 t463|a
-1 't255|c  color:red  ca26:+2  ca29 |b color:green ba18 |a:2	ab37	ab0:1e-1	ab6	ab28 |
-1 2 -0.2 't667 |	:1.5	:-0.25	d31:+2 |c ca26 color:blue |a
-1 't24 |  d27:1e-1  d20  d23:.75 |a ab37 |b |c:1.5 |a:2  ab22
1 't374|c	ca8	ca36	ca24	ca27:2.5 |a  ab9
1 t959|c	ca8:0.3 |a	ab30	ab36	ab21 | |c
id81140	-1 1 |c ca16:-1 ca14 :2 |a:0.5 ab21:.75 ab29 ab30:+2 |a ab16 ab10 ab3:0.3
1 |  d34  d33
-1 1 t617| |b:2 color:blue ba20 ba11 ba38:0.3
1 3 |b color:green |a:1.5 ab38:-1 ab28
-1 0.25 0.1 't57 |a | |b  ba24  color:blue  ba25  ba16 |c:1.5  ca23:.75  ca7  ca38:0.3  :-0.25
1 t136|a |	d29:2.5	color:blue	d24:-1
-1 1 |c:0.5 color:green ca17 ca22
-1 2 | d16:-1 d1 color:blue d17:.75
-1 1 t373|c |	d37:-1	d15:1e-1 |b	color:blue |a  color:red  ab31:1e-1
-1 |b  ba13:0.3  ba28  ba8  ba25:0.3
1 t914| |a:2 ab39:2.5 ab0 ab24 ab36:-1
1 't842|c |a:2 | |b  ba24:-1  ba19:+2
-1 |b  ba15 |a:2  ab31:2.5 |	d2:-1 |a |c
-1 3 0.1 t947|b  ba35  ba36  ba22  ba29 | |a	ab29	ab28:.75
-1 1 -0.2 t983| :2 |b:0.5 |c :1.5 |a:1.5 |a:0.5  ab32  color:green
-1 1 -0.2 't325 | d36:-1 d14:-1 :-0.25 d10:0.3 |c color:red
-1 0.25 |a:2 ab23 ab16
1 0.5 |b ba26
1 0.25 t701|  d29  color:red  d21:.75 |c:0.5	color:red	ca12 |a color:red
1 3 0 't855 | |c
1 't302|
-1 't701 |b	ba14:1e-1 | d10 color:red d14:+2 d16:+2 |a  ab18  ab3:2.5  color:red |c
1 0.5 0 |a
-1 t981|b:1.5
1 't57|a:0.5
1 3 | |c	ca1
-1 2 |  d21:.75  color:green  d0
1 0.25 0.1 t267| d27 d4 d26 :2
1 2 t398|c color:red ca28:+2 ca21:0.3 |a  ab34
-1 3 |c |b ba18 ba10 color:blue |a |	d7
-1 't916|c color:green :-0.25 ca2:.75 |a color:blue ab36:0.3 ab33
1 0.5 0.1 |c ca33 |b ba15 ba38:.75 ba29:0.3 color:green
1 1 0 't64 |
1 0.5 t220|b:1.5 ba2:0.3 |  d39  d27 |a  ab38  ab1:-1 |a:0.5 ab22 ab4 ab33
-1 1 0 |  d3 |c
1 't184 | d30:2.5 |b ba33 ba9 |a	ab12	ab28	color:green	ab16
-1 2 0 |a	ab6	color:red	ab14 |c:1.5 color:green |b | d18:1e-1 color:blue d19:+2 d27:-1 |a  ab23  ab19  ab28
1 2 0 t365|c |b:0.5 ba6 ba9 ba27:-1 |a  ab8  ab16  ab37  ab5:-1 |a
-1 't729|b ba7 ba23 color:blue |  d15:+2  d9  :0.5  d13:-1 |c  ca9  ca4  ca20 |b:2
-1 0.25 0.1 |a ab5:1e-1 |b:0.5 ba33 ba18 |c:2 ca33 |	:1.5 |a	ab1:+2	ab3:+2 |c
1 0.25 t851|b ba34:1e-1 ba10 ba13:-1 |c	:2	ca20	color:red	:1.5 | d7:+2 d11:-1 |b:2
-1 |  d4:1e-1  d39
1 't624|a:1.5	color:red	ab38	ab6:1e-1	ab29 | d12:.75 |b	color:green |c
1 0.5 t197|	:2	d19:2.5	d12 |b	ba30 |a  ab23  ab32
1 t906|b color:blue ba7 ba13:2.5
1 3 0.3 t601| d37:0.3 d6:1e-1 |b ba31:2.5 ba32 ba13 ba30:0.3 |a |c:2  :1.5
1 't795|c  ca14  ca30  ca38:-1  :1.5 |b ba35:.75 ba31:.75 |a	ab36	ab33:+2 |b:2
id806224	1 0.5 |c |a:1.5 | d36 |b ba0:-1 ba2:0.3 ba28:+2 ba16
-1 't85|a ab12 ab18:0.3 ab22:2.5 ab23 |c ca30:2.5 ca18:+2 ca16 | d32:+2
-1 0.5 t350| :0.5 d10:.75 |b	ba13	color:blue	ba34	ba19:1e-1 |c ca38 color:green |a  ab38  ab12  ab16 |b:2
-1 't491 |c:0.5 ca38:0.3 color:blue ca11:.75 ca21:-1 |	d1	d21	color:green	d32:1e-1
1 't40 | d36:.75 d35 |b:2 ba10 |a ab7 ab23 |c ca39 ca35:-1
1 't184| d31 d6 d11:-1 d32:0.3 |a:1.5 ab12:-1 ab18:2.5 |b
1 0.25 0 t656| |a:0.5 ab17:2.5 ab5:-1 color:blue ab15 |b ba26 ba35 ba13 |c:2
1 t824|a:1.5  ab24 |
id352930	-1 0.25 |a	ab31:-1	ab22:2.5	ab21	ab1 |c  ca39:.75 |b ba39 ba27 ba31:1e-1 ba20 | |b:2
id182521	-1 1 |c  ca20:0.3  ca17  ca26:0.3 | d23:2.5 d13 |a  color:red  ab29  ab12  ab24 |b:2
-1 0.5 -0.2 |b:0.5  ba25:0.3  ba20  ba38  color:red |a ab31 ab28 |	d16:.75	color:green	d9:2.5 |c
-1 |b color:green ba19 ba23 |c  ca12:0.3
-1 't248 | d27 |c |b
1 3 -0.2 t50|c:2	:0.5	color:red	ca14:0.3 | |b:2  color:red  ba8  ba38 |a:1.5	ab1:+2
1 1 t222|a ab22 color:red ab37 |	d17:2.5 |c ca26:2.5 ca6:2.5 |a ab26 ab27:-1
1 t518|c  color:green  ca15:-1  ca0  ca28
-1 't742 |c:2 color:blue ca8:1e-1 |b  ba25 |a ab26
-1 0.5 0.3 |a:1.5 |c	ca4	ca30	color:red	ca12:2.5
-1 |c ca29 |b:1.5 |a ab37
id203961	1 0.25 |a
id48106	1 3 |c:2 ca0 ca18 |b ba22 ba24 ba8
1 1 t589|c ca3 color:blue ca37 ca39 |	d0 |b:0.5
-1 t296|a	ab5	ab19 |b:2  ba39:2.5  ba21  color:red  ba6 |c
1 1 -0.2 't923 |c | d13 d34 :2 |b ba7 ba37 color:green ba9:2.5
-1 t563|b  ba1:.75  ba8:1e-1  ba29  ba14 |a  ab6  ab14:+2  ab15
1 't260|c:0.5 ca21 |a ab23:.75 ab15:1e-1 | d4 :1.5
-1 't455 |b
id360796	1 2 |b:2 color:blue
-1 | |b  ba2  color:red
-1 't961 | |b:2 ba19 ba13 ba8 |c ca21 :-0.25 ca18:0.3 |a	ab18	ab33
-1 2 t452|c:0.5 | :-0.25 color:green d31:2.5 |b  ba4:.75 |a:0.5  ab16  ab3
-1 1 -0.2 't981 |c ca33:.75 ca0 color:red ca2 |a ab23 color:red ab37
1 1 |a ab17:-1 ab37:.75 color:blue | d10 |c  ca5:+2  ca3:+2  ca21 |a:2  ab16  ab39  ab32:-1
-1 0.25 0.3 t163|c:2  :2  ca32 |a	ab26	ab4:.75 |a:2	ab18	ab0:-1	ab33:2.5 |c
1 0.25 0.3 |a  ab22  ab13:+2 |c  color:red  ca28:-1 |  d38:2.5  d39:-1 |b |a:2 color:green ab6 ab33:+2
-1 |b ba3:-1 ba21 |  d24:2.5  color:red
-1 't561 |b:1.5 |a  ab6  ab10:-1
1 0.25 0.1 |b ba1 ba4 | d0:0.3 d15 d30:2.5 |a color:blue |c:0.5	ca2:0.3	color:blue	:2
-1 3 0.1 | d4:-1 color:blue d11 |b |a
-1 1 |b |a color:red ab4:-1 ab39 |  d10:-1 |c:1.5 |a  ab1  ab19  ab11
1 0.25 0 |	color:blue	:0.5	d8:0.3	d6 |c:1.5 ca4 :-0.25 ca18:+2 color:red |b  ba3
-1 3 t527|a |c
-1 2 |	:1.5	d0 |b:2 ba25 ba5
id315517	-1 2 |  color:blue  d9  d15:+2 |
-1 't425 |a ab10 ab8:0.3 |c  ca14:.75 |b  ba6  ba13  color:blue  ba33 | d25 d6
-1 't322|c :1.5 ca14 |a  ab6:1e-1 |a
1 0.25 -0.2 |a  ab21:.75  ab22:2.5
-1 't383 |b	ba38	ba35:-1	ba20	ba2 |c color:red ca8:2.5 ca5:+2 :2
id497400	-1 3 |  d22:0.3  d13:1e-1  d26  :2 |b	ba35:2.5	ba16	ba12:0.3	ba31 |c ca5:2.5
-1 0.5 0 |a	ab9	ab38:+2 |c
-1 0.5 0 t547|a ab36:.75 ab8 ab19
1 't120|a ab31 ab10 ab24 ab5 |	color:blue |c ca10 ca33:.75 |b
-1 't593| d35:.75 d6 |c :1.5 ca18 |a	ab26	ab0	ab33:0.3 |b ba31 ba1 ba0 ba7
id74854	-1 2 |  :0.5 |a ab4:+2 ab12:+2 |c:2 ca14:0.3 color:blue
-1 t160| |b	ba32:2.5
1 2 |a:2 ab19 |b	ba30:+2	ba28	ba1:+2 |c:2
-1 |a:0.5	ab16	ab11:2.5 |  :-0.25  d38  d7  d39:-1 |c  ca35 |b color:green ba17
-1 t257|b	ba23	ba32	ba5 |c
-1 't503 |b  ba35  color:blue |a |
-1 0.5 |a	ab13:1e-1 |b color:blue ba18:+2 ba3 |c
1 0.25 t960| d0:-1 d16:+2 :-0.25 d27:2.5 |b |a:2
-1 0.25 0 t175|b  ba13:-1  ba10  ba2 | d5 |a  color:green  ab20  ab1 |c:2  color:green  ca21  ca37  ca3:.75 |c
id622013	1 0.25 |b ba21:0.3 |c :1.5 |a:2  ab9:2.5  color:blue  ab5
1 t110|a | d26:1e-1 d21:1e-1 d16 |b	ba16:+2 |a color:green ab31
id535144	1 0.25 |a ab4 color:blue | :0.5 d22 :-0.25 :2 |c  ca30  ca9:0.3  ca1 |b ba38 color:red
-1 't885| d12:1e-1 color:blue d8 d28:0.3 |c ca5:.75 |b	color:green	ba3:0.3 |a:1.5	ab9
id203364	1 0.5 |b	ba13	ba20	ba8:2.5	color:red |c
-1 1 t15| d32:.75 |c:0.5 color:red :-0.25 ca0:.75 |b	ba10	ba18:0.3	ba39
-1 0.5 t608| |c:0.5	ca7:-1	ca20	ca31
-1 3 -0.2 t753|a ab29 ab22:0.3 | :2 d24:2.5 |c	ca29	color:green	ca1	:0.5
id583475	1 0.25 | d29
id915649	-1 0.25 |b:1.5 color:green ba33 ba24 |c:1.5  color:blue  ca25 | d4:0.3 |a ab25 ab34 color:blue ab3
1 |c  ca29:2.5 |a ab4:-1 |a:2 ab6
id207650	-1 0.5 | d10:+2 color:red d25 |c  ca36  :0.5  ca39:1e-1
id909591	-1 2 |a:0.5	ab16:-1	color:green	ab35	ab39 |b	color:blue	ba26	ba0:0.3 |c
-1 't194| d9:1e-1 |c |a ab24 color:red ab29 ab33
-1 3 0.3 't90 |a ab36 |b |c color:red ca25 | d18 :1.5 d26:2.5 :2 |a  ab28:.75
-1 2 t517|c:2 color:blue ca28:1e-1 :1.5 | color:red d1:1e-1 d38:2.5 :2 |b:2
1 't702 |c:1.5 :-0.25 ca34:-1 | |b ba22 color:blue ba0
1 |	:1.5	:2	color:green	d13:2.5 |b  ba4  ba22:+2  ba33 |c  ca4  ca24:2.5 |a  ab5:+2  ab9:-1  ab7:-1  ab1
1 2 0.1 't399 |a |c ca9:+2 ca31 :0.5 | |b color:red ba9 ba34:2.5
-1 1 t960|b ba20 ba36 ba32 |c
1 0.25 |a	ab34	ab30 |b  ba11:-1 |c	ca4 |b:2
-1 2 0.1 t724| d31:-1 d22 d28
1 3 -0.2 't143 |b ba27:2.5 |c ca17:-1 color:green ca27 |a color:blue ab39:2.5 ab4 | |
1 |a	ab3:2.5 |c:0.5  color:red  ca23:0.3 |b ba1:+2
1 0.5 0 t302|  color:blue |b	ba36 |c	ca34:+2	ca30 |a:2 ab5 ab22 ab10
-1 0.5 t639|a  ab35  ab29:1e-1  ab11  ab27 | d34:1e-1 color:red |b:1.5  ba7:1e-1  color:red
-1 0.5 -0.2 |c |b:1.5	ba23:+2	color:blue |a ab38 color:red ab32 ab24
-1 t732|	d3	d5:0.3	d11:.75	color:green |c  color:blue |a  color:green  ab24:1e-1  ab18 |b:0.5
1 1 0.1 't446 |  :1.5 |b  ba12  ba0 |c ca19:0.3 ca23:.75 |a
id166536	-1 1 |a  ab35:+2 |b:1.5 |c:0.5
1 0.5 |a:2 ab39 ab38:+2 ab1 ab13 | d2 |c:2	ca24	ca35	ca11 |b color:red
1 't189 |a:0.5 ab8 color:blue |b:0.5  ba28  ba5:+2  ba30
1 |c:1.5 :1.5 color:blue :1.5 ca6:-1 | |b ba16 ba32:0.3 ba0 |a ab0:1e-1 ab35 ab22 ab38
-1 |b ba12
1 3 0.3 |a |b:2
1 3 0 't136 |b | |c  ca21
-1 2 t353|c
id136448	1 1 | color:blue :2 |c:1.5 |a  color:red  ab17:2.5  ab34  ab12 |
-1 t265|	d28:2.5 |b	ba25:1e-1	ba2:-1 |c  ca6  color:red
1 't620|b color:blue |a:0.5  ab18:+2  ab7  ab10:1e-1 | d38 d9:.75 d30:1e-1 d1:0.3 |c ca8 |b:2
1 0.5 |	color:blue	d38:1e-1	d20:0.3 |a:0.5	ab33
-1 0.5 t934|c  color:red  ca14  ca33  ca39:.75 |	d38:2.5	d11:2.5 |b:2
1 |c:1.5 color:blue |a	ab12:.75	ab39 |
-1 t377|a:0.5 ab6:2.5 ab21:+2 ab29:.75
id971116	1 2 |c:0.5 |b:0.5 | |a  color:green  ab5  ab16:1e-1  ab26 |a ab18 ab37:+2 ab30
-1 |  d39:.75  d1:.75 |a:0.5  color:red |c:0.5	ca31	color:green	:-0.25	:1.5 |b ba26:2.5 ba16:-1 ba10:1e-1 |a:0.5	ab34 |c
-1 |a:1.5 ab1 ab19 color:blue |b:1.5 |c ca23 |a	ab14	ab0:0.3	ab26 |
-1 0.5 t649| d38 d28 :2 :0.5 |a ab1:0.3 color:green |c |b:1.5  ba15:.75  ba2:2.5
-1 2 -0.2 t981|c	ca31	ca22:1e-1	ca35:.75	ca10 |b  color:green  ba10 |a:0.5 ab5 ab2:+2 ab15:2.5 color:blue
1 1 -0.2 t819|b | d4:0.3 d6:.75 :2 |a:1.5	ab26:-1	color:red |c:0.5 :1.5 ca4:.75 ca12:+2 |c
-1 1 t468| d26:-1 :1.5 color:red |b ba27 ba5 |a ab14 color:red ab28
-1 't979|c |
-1 2 0.1 't64 |a:2 ab22:-1 ab3 ab4 ab12 |a	ab20 |c
-1 't789|a:0.5 ab30 |c  ca4:1e-1  color:green  ca11:-1  ca30 | d26:-1 color:red |b:1.5 |
1 't455|a ab24:2.5 ab10 color:blue ab39 |c	:-0.25	ca25:1e-1 |
id914122	1 1 |b ba29:+2 ba15 |a
1 't676 |a:0.5	color:green |b:0.5  ba31  ba3:0.3  ba24:2.5 |c:0.5	ca9:1e-1	ca11	ca18 | d14:2.5 color:red d19:1e-1 d24
-1 2 0.3 |a  color:blue |c |  d4:+2 |b:1.5	ba38
1 |	d1	d7	d14	d5:.75 |b:1.5  ba10:+2  ba3  ba17  color:green |c:1.5 ca9 ca26:2.5 color:red
-1 1 | d25:2.5 |a:0.5
id245909	1 1 |  color:red
-1 0.5 0.1 't222 |a:1.5  ab27  ab3:.75  color:blue |b:2	ba14	ba34:-1 |  d34:0.3  :1.5  d15:2.5 |c:1.5 color:blue |a  ab28
id24876	1 2 |a ab6:0.3 ab12 ab29:.75 color:blue |c color:green ca15 ca11 |b color:blue |  d39  d8:1e-1  :1.5  d22:-1
-1 1 -0.2 |a	ab18	ab5	ab23:+2 |c ca21:0.3 ca32:2.5 |b:2	color:red	ba32
1 1 -0.2 't764 |c:2 ca34:1e-1
id193682	1 2 | d24 d26 color:green |c  ca39:1e-1  color:blue
-1 0.5 |a | d31 :0.5 :-0.25 |c  ca18 |b:1.5 ba1:2.5 ba20 ba0 ba13
-1 3 |c  ca16 |  d26:1e-1  d18  d16:.75
1 1 0.3 t149| d20:0.3 :-0.25 d9:1e-1 d0:+2 |a:0.5  ab37:2.5  ab10:0.3
-1 't182 |b:0.5 |a ab2 ab28
1 2 0.1 |c	ca24:1e-1 |b	color:blue | color:green :2 d30 d24 |a
1 t789|	color:blue |c ca26 ca15 ca7 |a:2 ab28 |b  ba11  color:green |a  ab8:+2  ab1  color:blue  ab6 |b:2
1 3 0 't450 | d23:+2 |a ab23:-1 ab30:+2 ab19:-1 ab8:+2 |b
-1 3 0 't834 |a ab34:+2
-1 1 0.3 't287 |a ab39 |b |a	color:red	ab13:0.3
-1 2 0 t717|a |c:2 ca19 ca21:2.5 |b  color:blue | d14:.75 d38:.75
id587343	1 1 |a	color:blue	ab14	ab12 | d34:.75 |b:0.5	ba2	color:red |c:1.5 |c
1 t643| d30 d24:+2 :2 d20 |a |c:2 ca30:2.5 |a	ab11:1e-1	ab6:1e-1
1 3 t62|c  color:green  ca39  ca3:1e-1  :1.5
1 |c  :0.5  ca13  :-0.25 |a ab18 ab30:2.5 ab37 |b:2
1 0.25 0.1 |a |a:2 |c
1 0.25 |	d12:0.3	d35:+2	:0.5 |c
id686770	1 0.25 |b:0.5	ba38 |a ab34:0.3 ab22 ab21 |	d2	d28	d24:+2	:2 |a ab33
-1 't819 |c:2	ca37:.75	ca14:+2	ca31 |b:0.5 ba3 ba4 ba37 ba12:0.3 |a:1.5 | |a ab8
-1 3 0.3 t276| |c:0.5 color:blue
-1 2 | d38 color:blue
-1 't590|b  color:blue |a ab27:0.3 ab21:1e-1 color:blue ab34 | :-0.25 d20:0.3 :0.5 d13:-1 |c ca24 :-0.25
-1 't332 |b |a ab39 ab24 |c	ca19
id653337	1 0.5 |c  ca32 |b ba38 ba10:+2 |a:0.5 ab16:1e-1 |	color:red
-1 0.5 t773| d26:.75 :1.5 d11:2.5 |c :2 ca29:-1
-1 2 0.3 't566 | d36:-1 d1 color:red d6 |b color:blue ba33
1 3 | d20 d22 d11 d38:2.5 |a ab33:.75 ab17
1 't670|b color:blue ba27 ba29:-1 ba28 |c:2  ca4  :1.5  ca30:0.3 |a:1.5 ab17:-1 ab39:1e-1 color:red |a:1.5
1 't403 |b	ba20	color:blue
-1 't500|b |c:1.5	ca6:0.3	ca25	ca30 |a ab0 color:blue | :0.5 :0.5 d1 color:red |a:0.5 |c
1 t648|
1 | :0.5 d0 :1.5 color:red |b  ba35  ba21  ba9  color:green |a ab7 ab12 ab4 ab10:1e-1 |c ca11:.75 ca26 color:green
1 't530|a |c color:red ca12:-1 :2 ca35:.75
1 3 0.3 't680 |b |a  ab0:+2  ab13  ab11:0.3  ab34
1 't116 |  d7:.75 |b:1.5  ba9  color:blue  ba32  ba18:0.3 |c |a:0.5
-1 't174|b color:red ba3:+2 ba32 ba16:0.3 |a	ab16:.75 |c	color:green	ca10
-1 3 t860| d32:+2 d30 |c  ca22  color:green  ca33 |b |a:1.5
-1 3 0.3 t743|b |b:2
1 3 t943|b ba0 |a:0.5 ab15 |c:0.5	color:blue |	d20:.75	d23	color:green
1 't380|b:0.5 |	:-0.25	:1.5	color:red |c	ca13	:1.5	ca35	ca10:2.5 |b:2
1 't989 |c  ca35:2.5  color:green | :2 :1.5 :-0.25 color:red |a ab5 color:red
1 1 0 t869|c :0.5 ca33:.75
1 0.25 0.3 |b:0.5 |a
1 't965 |b:1.5 ba17:+2 ba6 |a
1 0.25 0 't324 |a |b ba36 ba21:+2 ba0:1e-1 |c:1.5 ca9:1e-1 |	d28	d4
1 0.25 0 't514 |c:2 |b color:green ba14:1e-1 |  d6  d16  d34  d28
1 0.5 -0.2 |a:0.5	ab25:.75	ab31:.75	color:blue	ab37 | d0 |c :-0.25
-1 3 0.1 t229|c:2 ca3 |b ba9:2.5
1 0.5 |b |a
1 0.5 0.1 | |b
-1 |a:0.5 |a:2	ab7:0.3	ab6:+2	ab20:-1 |c
id858346	1 0.25 | d28 color:green d31:1e-1 |a ab9:1e-1 ab16 color:green |c
-1 | :1.5 d7:.75 d2:0.3 |b ba17:2.5 |a:0.5	ab32:0.3	color:red |c ca13 ca6 |a ab2:-1 ab21
1 t130|	color:red	d0:0.3 |c	:1.5	color:green	ca17:2.5 |a  ab33:+2  ab16  color:blue  ab37 |b  ba12:+2  ba11  ba27 |a ab21 ab2:-1
-1 0.25 0.3 't824 |a  ab13  ab27 |c | |b ba26 ba16 ba14 color:green |a:1.5
-1 3 t863|  d5:-1  color:red  d19:2.5 |c
1 | |a	ab26:-1	ab38:-1
-1 t653|c ca6 color:green ca22:2.5 ca21 |a ab11:-1 color:green ab35 ab8:2.5 | d3 |a:0.5  ab29:+2
1 |	d28:2.5	:-0.25	color:blue
-1 3 0 't670 |b	ba14	ba9:2.5 |a  ab19:-1 |a  ab38:2.5
id233251	1 3 | d20:+2 :1.5 d11:.75 d2 |b:2  ba23  ba33 |c  ca26:2.5
-1 0.5 0.1 't705 |a  ab31  ab5 |c  ca9 |b
-1 t73| :0.5 :2 |a ab26:2.5 ab16:+2 |b |c
1 3 t423|b	ba13:+2	color:green |a  ab34  color:blue  ab25:0.3
1 't753| d26 :1.5 |b  ba38:.75  ba6:.75  ba16
-1 |a:0.5 ab9:+2 ab2:+2 |  :-0.25  color:red
1 't16 |c |a color:red ab20 ab7:.75
-1 3 t730|c:1.5	ca9:1e-1	ca1:-1	ca13:-1	:1.5 |b
id797010	1 2 |b:1.5	color:red	ba8	ba7 | |c	ca5	color:blue	ca3	:0.5 |
1 1 0.3 t797|b color:blue ba3 ba27:2.5 ba5 |a:0.5	ab16 |b:2
1 't911| d6:1e-1 d25:-1 |c:1.5 ca29 |b ba28 ba33 ba29:+2 |a:2
-1 't554|a ab20 ab36 |b  color:red  ba6  ba34 | |c |a
-1 t825|b ba9 ba36 ba23 | :-0.25 d34 |c	ca8	ca12:1e-1	:-0.25	ca3
-1 't125 |a:2 |c | d39:-1 d17:-1
1 t964|c:1.5	ca5:+2	:-0.25	ca12:1e-1	color:red
-1 t377| |b:2
1 0.5 0 |a	color:green	ab37 |  d12  color:red |c:0.5 |b:2
1 0.5 t247| d27:-1 |b  ba28:.75  ba36  ba7:+2 |a:2 ab26:0.3
1 't990|a  ab21  ab5:.75  ab11  ab39:0.3
-1 0.25 0.1 |b ba36 | |a:1.5 |c :0.5 ca20:.75 :1.5
1 t413|  :-0.25  d18 |b:2
1 3 | d33 d8:+2 d13 |a ab20:+2 ab33:+2 ab22:+2 |c:1.5 |b	ba2 |a	ab23:2.5	color:red	ab39:1e-1
1 't709 |b	color:green |c ca25:.75 :1.5 ca4:1e-1 ca29
-1 0.25 -0.2 't613 |c ca1 ca11 |a:2 |
-1 't672|	d10	d38:1e-1	color:blue |c:1.5 color:green :2 ca35 |a  ab8:2.5  ab36  ab14  ab29 |b:2
id682382	1 3 |a:2  ab7  ab13 |c	:0.5	ca26:.75	color:blue |b	ba9:2.5 |
1 | d3 |b	ba33	ba39 |c ca23:.75 ca6 ca29:1e-1 ca33:1e-1
-1 't366 | |b  ba28  ba9:2.5  ba36 |c	:0.5	ca29:2.5	color:green	ca5:0.3
1 't981| d3 d21:-1 d7:0.3 :0.5 |
id285193	1 3 |a  ab36  ab6:+2 |c
1 't672 |b:0.5 ba37 color:green ba33 |a ab10:2.5 ab0 color:blue |c	ca20:.75	:1.5	ca31:.75	ca18 |a	ab4	ab38:-1
-1 3 0.3 't896 |b |  color:green  d4
id342581	-1 0.25 |  d21:2.5  color:blue |b |c:0.5  ca26 |a	ab19:.75	ab39:+2	color:green
-1 0.5 -0.2 't399 |c ca37:1e-1 ca24:-1 ca36:0.3 |	d7	d34:.75	color:green |b |a color:red
1 2 0.3 |a:1.5  color:green  ab22 |b:2
id170369	-1 2 | :2 d4:+2 :-0.25 d20 |b:1.5  ba15 |a ab15
1 0.25 0 t601|c :1.5 | |b	ba37	ba39:-1 |a	ab16:2.5	ab6	color:blue
1 't344 |a color:blue |c:2 ca4 ca18:0.3 ca36:+2 |a  ab16  ab32:0.3  ab22  ab29:2.5
1 0.25 0 't619 |a ab20:0.3 ab22 |b ba3:+2 ba17 |c	ca0	ca13	ca27 |a:1.5	color:green	ab29	ab19:.75
id400489	1 0.5 |a  ab29 |b |  d17  d4 |c ca26
1 0.5 -0.2 |c	:-0.25	ca22	color:red |	d15
id648735	1 0.25 |  d20:2.5
1 't773 |c:2	:2	ca30
-1 t176| d27 d23 :0.5 d20
-1 2 t824|b:1.5 ba22:.75 |c:0.5  ca21  ca24:+2 |a	ab24
-1 0.5 0.3 't680 | d1:.75 d39 d38:.75 d5 |c	:2	ca20	ca35	ca0:2.5 |b color:green ba1 |a	ab10	ab26:2.5
1 0.25 0.3 t88|c color:blue |
-1 |c ca13 ca36:+2 ca17:2.5
-1 t705|c:2 ca35:-1 |b:0.5  ba12:.75  ba5:+2  ba17
-1 't202 |c:2 ca16 ca37 | |b:1.5  ba17:+2  ba9:1e-1  ba23  ba19 |c
-1 t632|b |c:0.5 color:blue |a	ab1	ab30	ab0 |
id541347	-1 0.25 |a:2 ab1:0.3 |b:1.5 color:red ba18 ba21 |c	ca26	ca6:0.3	color:green	ca32
1 |b color:green |c  :2  ca33
1 t273|c ca16:1e-1 ca35:1e-1
-1 0.5 0.3 t768|c  ca9:1e-1  :-0.25  color:blue  ca4 | :2 color:blue :2 |a ab9 ab19:-1
1 't953| d4:2.5 color:blue |b ba17 ba22:-1 |a  ab11:1e-1  ab34:-1  ab29  ab12 |c:2  :1.5  ca34:.75
-1 3 t549|a:0.5 |a ab11 ab14:.75 ab20 ab23:.75
-1 't225|c ca15:-1 color:blue ca0 ca12 |b | d30:-1 |a:1.5	ab12:+2	ab36:1e-1	ab6:2.5 |a ab39:2.5 ab7:0.3
-1 2 0.1 |a:0.5 ab38 ab3:0.3 |c:2 :2 ca2 :1.5 color:blue
-1 3 |a  ab2  ab30  ab8 | |c color:red ca30 |b	color:blue
1 2 0.1 't367 |  d33:0.3  color:green  d8  d19:+2 |c:0.5  ca33 |b:2  ba7
-1 't996 |c:0.5 :0.5 color:red | |a
1 1 0 't86 | color:blue |b  ba31 |a:1.5	ab26:-1
-1 0.25 0 t744| |a:0.5  ab0:0.3  ab20:.75
-1 2 0 |b	ba25	ba5	ba10	ba18 |a ab36 ab3 ab14:.75 |c :0.5 ca3 ca35:2.5 | d16 :1.5 color:blue
id641026	-1 0.25 |b	ba22	color:green	ba20:-1 |a:2  ab17  ab16:1e-1
1 t736|c ca14 :2 color:red :-0.25
1 1 -0.2 t752|  d16:0.3  color:red  d7 |a	ab6	ab33:+2	ab17
-1 t742| |a ab24 ab2 |b	ba18	ba36	ba30:-1	color:blue |c:1.5  ca4 |b:2
-1 3 0 t280|a:1.5  color:green |b	ba32	ba29	ba33	ba21:-1 |c
1 t254|b  ba2:2.5  color:green |
-1 't283| d18:1e-1 :1.5 color:green d1 |b ba27:1e-1 ba11 ba22:-1 color:blue |c color:blue ca0:-1 |a	ab7:.75	ab19	ab5:-1
1 1 -0.2 t332|b color:green ba21 |c:1.5	:1.5	color:blue |
-1 0.25 0.1 | |b |c  ca2:0.3  color:red  ca26  ca12 |b:2
-1 t684|b:1.5	ba2:.75 | d2 |a:0.5  ab11  ab20:0.3  ab14:0.3  ab15 |c ca33:+2 ca1:1e-1 ca28
-1 0.5 0.3 t122|b ba8 ba12:.75 |a:2	ab37:0.3	ab27:+2	ab21:-1	ab11 |	d30 |a:0.5 ab12:0.3 ab8:.75
1 2 t722|c ca34:1e-1 |a:0.5 ab27 | d23:0.3 d4 d3 color:green |b:0.5  ba31:2.5  ba36
-1 't38|	:1.5	color:blue |a:2 |c	:0.5 |b:0.5 ba21 ba6 ba11:+2 |a ab14 ab6 ab20
1 1 0 | color:blue d1 |b:2 ba23 |a:0.5 ab21 ab7 ab0
1 0.5 |c :1.5 :2 :-0.25 ca34:0.3 | d24:+2 d25:.75 |
-1 3 0 |b:1.5 ba14 color:green ba33 ba5:.75 | d19 d20 d0:.75 |a  ab30:0.3
1 1 -0.2 |a color:blue ab7 ab0 |a  ab6  ab26:2.5  ab9:+2  ab14:-1
-1 't353| d17:.75 |a  ab37  ab38:2.5  color:red  ab20 |c |b	ba4:1e-1 |a ab33:-1
1 1 -0.2 't713 |b:2  ba28:+2  ba18:1e-1 |a |	:2	d13:2.5	d36:-1 |c |a  ab20  ab15  ab30  ab0:-1
1 2 |c:2 ca9:2.5 :-0.25 :2 ca7:0.3 |a:0.5	ab14	ab10 | d31:2.5
-1 't317| |c  ca14:1e-1
-1 't4 |c	ca5 |b ba37:1e-1 ba38 ba1
1 |c:0.5 color:red :2 ca39:-1 |b |a ab12 ab36 ab5
-1 1 t51|c:2 |a ab38 color:green |b:1.5	ba26	ba27 |	d33:.75
id389512	1 1 |b ba20:1e-1 |a color:blue | d10 d13 |c:1.5 ca12:-1 color:red
-1 2 t845|c  ca18:0.3  ca26  color:green |a color:green ab38:2.5 |	d12:-1	d5 |b:2 ba19 ba32:1e-1 ba35:+2 ba37
1 |a  color:blue  ab10
1 1 |b ba20:.75 ba4 ba37:1e-1 |a	ab33:-1	ab14	ab34:+2	ab12:-1 |a
id992667	-1 0.5 |	:1.5	d2:2.5	d34:0.3	d33 |a:2 ab23:2.5 color:red |c:1.5 ca5:.75 ca12 ca7 ca30 |b:2	ba7	ba20	ba13	color:blue
-1 0.5 |  d34:1e-1 |a:0.5 ab14:-1 |b:2  ba25:+2  ba18:+2
1 't162 |  d10:-1  color:red  d29:2.5 |b	ba9	ba7:0.3	ba16:1e-1	color:green |a:0.5 ab22 color:blue
1 3 0.1 |c |b |a
1 1 t143|
-1 2 -0.2 t712|b	ba38	ba19	color:blue	ba21 |c ca2 |a  ab22 |
-1 1 0 t148|b ba38 color:blue ba5 ba15:0.3 |a color:red |c:2	:0.5 |a:2 |b:2
id426899	1 3 |b	ba36	ba8:+2 |  :2  d19  color:green |c |
1 3 t187| |c:2  ca7  :2  ca2:2.5 |b:2	ba12	ba18	ba19:1e-1	ba14 |a:0.5 ab7 ab38:0.3 ab26:0.3 color:green
-1 1 0.3 t335|c ca10 |b:2 color:green ba12 | d12:+2 d23:-1 d8:0.3 d30:1e-1 |a:1.5 color:green ab17:+2
-1 t407|	d11	d36:0.3	d7 |b  ba25  color:green |c  ca25:.75  ca10  ca3:1e-1  ca33 |a:0.5  ab5
-1 1 0.3 | d20:.75 color:green d5 |b  ba24  ba34 |c |a  ab35  ab20  ab37:1e-1  ab22:0.3
-1 't671|c	ca14:+2	ca10:-1	ca30 |b ba39 ba37 |a  ab23:-1  color:blue  ab14 |  :1.5  d21:2.5  color:red  d29
-1 0.25 0.1 t127|  d36  d20  :1.5 |a ab0 ab18 ab17 |b ba18:.75 ba5:1e-1 color:green ba34
1 't501 | |b |c:2 ca24:+2 ca26 color:blue |a	ab14
id718680	1 0.25 | d23:0.3 d1:.75 :-0.25 |a color:red ab34 ab35:.75 ab13:1e-1 |b:0.5 ba17 ba35
1 0.5 |a ab6 |c:2  color:blue  :-0.25  ca2 |	d19	d37	color:blue |a ab13 color:green
-1 't680 |b ba0 ba26:0.3 ba35:-1 |c
-1 2 -0.2 t756| :-0.25 :1.5 :2 :0.5 |a:1.5
-1 |b:0.5	ba22 |a	ab36:-1	ab7	ab23 |c ca10:1e-1 color:green
-1 3 t429| |c ca6 |a  ab14
-1 0.5 | d0:1e-1 :0.5 d25 color:red |c	ca3	ca18	ca19:0.3 |a	ab37:0.3	ab25:-1	color:green |c
1 't134 |c |b ba17:2.5
1 |a:0.5  ab14  color:green  ab6:0.3
-1 't665 |c:2 ca30:+2
-1 't500|b |a  ab5  ab7:2.5  ab23 |  :2 |a  ab14:0.3  ab17  color:red  ab35
1 't461 |  d7  d8  :2 |b  ba9  ba28:.75  ba37:1e-1 |c	color:blue
1 2 | d26:+2 d21 |a ab9:2.5 color:red ab12 ab17
-1 0.5 t743|a:2
id940460	-1 1 |c ca37 ca12 color:red | |b	color:blue	ba30:1e-1 |a  ab4:0.3  ab35:-1  ab2 |a:0.5
1 2 0.1 't112 |b	ba23:.75 | d14:2.5 d15 |c ca16:2.5 ca28:.75 ca20 ca0:1e-1
1 't186 |b:2  ba9  ba20  color:green |a:2 color:red ab11 |b:2
1 | d8:2.5 d20 |b:1.5 ba24:-1 |c
-1 't520 |c  ca12:0.3  color:red  ca20  :-0.25 |a:1.5 |b  ba20:0.3 |a ab9
1 |a color:red ab7 |c |b  ba27:0.3 |
1 0.25 0 |a ab39:2.5 ab6 |c ca27 ca28 :0.5 ca31:-1
1 3 -0.2 't61 |c:1.5	:-0.25 |a ab32 color:green ab30:0.3 | |b:2  ba19  ba22:1e-1  ba27  color:green |a	ab38:.75	ab31	ab15
id495333	-1 2 |c:2 |a:0.5	ab9	ab38 | d4:.75 d11:.75 d6 :2 |a ab31 ab28:-1 ab22 ab27:0.3
1 0.5 -0.2 t902|a ab28 | |c	color:red |b ba1:-1 ba6 color:blue
1 0.5 0.3 't667 |a  ab5  ab21:-1  ab31 |c |a:0.5  color:green
1 0.5 0 |c	ca5 | d26:1e-1 :0.5 color:green d11 |b:2 ba7:.75 ba9 ba19:+2
1 |c:0.5 |b:2  ba11  ba36  ba13  color:red | |a  ab3  ab15:1e-1  ab1:-1  ab8
1 1 0.3 t8| |a  ab14  ab7
1 2 |a |	d39	color:green	:-0.25 |b:0.5	ba14	color:blue	ba3	ba8:2.5 |c:2
1 1 0 't41 |
1 3 t545| |a	ab11	color:green	ab5 |c |b ba9:+2
1 |b	color:green	ba25:2.5	ba26:+2	ba23 |b:2
id628833	-1 0.5 |	d4	color:green
-1 1 0 t544|a:1.5 ab3 |b  ba9  ba29:1e-1  ba17 |a
-1 0.5 -0.2 't609 |	d5 |a	ab31	ab20	ab10	ab16 |b |c	ca34:1e-1	ca14	ca9:0.3 |a ab22:+2 ab37 ab2:-1
1 1 |a:0.5	ab39	ab38 |b:2
-1 't347|a |b:0.5	ba19 |a ab39:-1 ab28:.75 |b:2
-1 2 t765| |c:1.5 ca3:+2 ca23:1e-1 |b |a:1.5 ab13 ab18
1 3 |a	color:green	ab2	ab5	ab33 |c:2 |a:2 ab16:2.5
id557690	-1 2 |	:0.5	d19	d7:2.5
-1 3 t101| d23:.75 d4 :1.5 |a:2  ab28  ab7  ab23 |a color:blue
id549398	1 3 |  d23  d30:.75
id759244	1 0.5 |b ba12:0.3 color:red |b:2
-1 |a  color:blue | d7 :1.5 |c
-1 t363|a	color:green	ab0 |c | |b  ba7  ba16  color:red |a
1 0.25 t130|c:1.5 :-0.25 |	d36	d38	d20:1e-1	d29 |b:0.5
1 |a ab16 color:green |b ba36 ba23:+2 |b:2
-1 |a |b |c  ca28  ca11:-1  ca21:+2 | d17 d36:-1 |
1 1 -0.2 t684|a  ab9  ab8 |c  ca24  ca11  ca1 |a:0.5 ab33 ab15:+2 ab20 |
1 't976|c:1.5	ca35:+2	ca21:0.3	color:green | color:blue
id925708	-1 1 | |a |a  ab12 |b:2
-1 3 | |c |a
1 0.25 |	d32:-1
1 1 0.1 |	d16:+2	d4	d27:2.5	d7:0.3 |c ca34 ca14:-1 |b |a	ab39	ab10
1 0.25 0 't96 | d33 |b	ba0	ba26:.75 |a	ab12	ab15:2.5 |c	color:green	ca20 |a  ab10:-1  ab36:.75
-1 t790|c | |b  ba25
1 1 |c:1.5 ca33 :-0.25 |b:0.5	color:green	ba18:0.3 |a color:red ab33:-1 ab7
1 3 0 t817| |b ba37:2.5 |c:1.5 |a  ab27  ab25:0.3
-1 't573 |c ca1:.75 ca39:.75 ca18:+2 ca26 |b  ba33 | color:red d11 d14 :-0.25 |c
id872702	1 0.25 |b	ba33:0.3	ba28:0.3	ba10 |c:2 ca27:0.3 ca26 ca32:2.5
1 1 t566|c color:red |b:1.5 |a:2 ab24
1 |b	ba37	ba4	ba39	color:green |c:0.5	ca34	:0.5 |a:1.5  ab5  ab13  ab30  color:red | |a:0.5 ab6 ab38:0.3 ab37
1 't274|b  ba1  ba21:-1 | d0 |c ca1:1e-1 ca15 |a
-1 t40|a:0.5 | :-0.25 :0.5 d0:-1 d25:1e-1 |c ca12 ca33:.75 |b:1.5 color:blue |a |b:2
-1 't343|c ca34:+2 ca24 |  :-0.25  color:blue  d24  d32:.75
-1 |c:1.5 ca30:.75 |
1 0.5 0 t903|b ba21 ba19 ba0 |a:0.5 | d38 d8 d12
1 2 |  d8:2.5  color:blue |b color:red ba27 |c:2
1 |c ca8:1e-1 :0.5 :-0.25 ca5 |a  ab0  ab20  ab22 |a ab19:0.3 ab2 |
1 2 0 't380 | d9:-1 :1.5 color:green |c color:blue :1.5 ca34 ca2 |a color:green ab29:1e-1 ab2:0.3 |b ba19:1e-1 ba9:+2
-1 't300|  d36  d11 |a:1.5 ab36 ab4:1e-1 color:green |b	ba20 |c:0.5	ca8	ca37	ca0	ca39 |a	ab15
-1 |c  ca16 |a ab1 ab0 | d8:.75 color:blue
1 t822|a:2  ab12  ab29:1e-1 |b:0.5 |	d1:+2	:2	d33	:2 |c |a  color:blue  ab4 |c
-1 |b:0.5 ba28 ba30:0.3 ba23:.75 |a ab12 color:red ab20 |b:2
-1 't137|a	ab15	ab25 |b  ba25 | d30 |c:0.5 ca15 |a:2 ab23 ab36:1e-1
-1 t655|b:2 ba21 ba6 ba33:+2
1 3 |a:1.5 ab30 ab7 ab2 color:green |c:2 |c
-1 't138| |b  ba28  ba2 |a  ab37  ab18  ab8:0.3  ab11:2.5
-1 't439 |a  ab29:.75  ab31  ab39 | d31:-1 |c ca7:0.3 ca36 |
id647369	-1 1 |b	ba32	color:red	ba18 |a ab20:0.3 ab2 ab18:1e-1 ab13 |
id719931	-1 2 |  d9:-1  color:blue |c	ca6:0.3
1 3 0.3 |a  ab39:2.5  ab17  ab7:0.3 |  d21:-1 |c:2 |b:1.5
-1 3 -0.2 t938|c |	:0.5	d0	color:blue	d17:2.5 |a  ab27:1e-1  ab36  ab38 |b ba8
id142142	1 0.5 |c:2  :1.5  ca18:.75  color:blue  ca33:1e-1 |a:0.5  ab7 |b |a  color:green  ab1:0.3
1 0.25 |b:1.5 |c ca38:0.3
id812486	-1 1 |a ab16:0.3 ab4:+2 |b | d21 :1.5
-1 |a ab17 ab11:1e-1 ab2 ab32:-1 |c:0.5 color:green ca29 ca15 |b:2  ba27:0.3 |a ab0:2.5 ab6 color:blue |
1 1 |a  ab28 |b |  color:red  d36:2.5
id68419	1 3 |c:1.5 |a ab28 ab32 ab20 ab5:2.5 |b:2
1 0.5 |b ba29 ba20 ba4 |a	ab29:0.3 | |c ca23 :-0.25 ca0
1 't723 |b:0.5  color:blue  ba5:2.5 |a |c |
1 1 t389|a	color:red	ab24	ab36 |b  ba32:2.5  ba8:-1 | d27 d29 color:blue d39:.75 |c:0.5 :0.5 ca12:+2 ca33:+2 :0.5
-1 't361 |a |b ba18 | d32:0.3 d34 d5:0.3 |a
-1 t856|a color:blue ab38:1e-1 |a:0.5  ab34 |
-1 1 t591|c:1.5 ca17:-1 :-0.25 |a	color:red	ab28 | :1.5 d20:0.3 d13 |b:2	ba38	ba34
-1 0.5 0.3 |c ca38 ca17 |a | color:green d15:1e-1 |b:2  ba1:-1 |a color:blue
-1 0.25 t100|a ab34:2.5 ab3 ab0 |c	ca37	ca39	:2 |b
1 't867|  d1 |a color:blue ab10 ab13 ab16:+2 |c color:red ca36 |a ab34:+2
1 3 0 t216| |a  ab9  ab18  ab27 |b ba1 |c	ca14:1e-1
1 |c:1.5  ca15:.75  color:red  ca17:.75  ca8:+2 | d37:0.3 d27 :2 d32
id548681	-1 0.25 | d37:+2
-1 1 -0.2 't422 |c:1.5 ca38 ca7 ca33 ca20 |
1 0.25 t90|a  color:green |b:2 color:green |	:0.5	d34	d28:2.5	color:red |c ca11 ca32:.75
1 t904|b:0.5 ba17:-1 color:green ba23 ba16
1 t628|b |a
id690178	-1 0.5 |a color:green ab15:+2 |
-1 2 |a:0.5 |c	ca35:-1 |b ba38 | d29:0.3 d0:-1 |a
1 0.25 |a |b color:red ba5:1e-1 |
1 't847|c:1.5 ca14:-1 | d16 |a  ab5  ab19 |b:0.5  ba3:1e-1  color:blue
-1 0.25 0.3 |b:1.5 color:red
1 't56|b ba35:1e-1 ba31 ba21 |a:0.5	ab19:+2	ab36 | d11 d26:1e-1 d30 |c  ca33 |
-1 t321|a	ab1 |a  ab9:2.5  ab19
1 |a |c	:-0.25 |
1 0.5 |  :1.5 |c:2  color:blue  ca35 |b |a ab38 ab36:2.5
1 t875|b	ba19:0.3	ba39	ba30
-1 3 0.3 't999 | d25 |b:1.5 |c |a
1 2 |a:2 ab32 ab23:+2 |	d39:0.3
1 't417 |  d7  d14  :2  d17:0.3 |c:2  ca14  color:green  ca19:0.3  ca18:0.3 |a  ab30 |a:0.5  ab25:1e-1  ab28:0.3 |c
-1 't630 |b:2  ba30  ba0:+2 | color:red |a ab1 ab20:1e-1
1 t971|c  ca32:+2 |a  ab30:+2  ab26:.75  ab6  ab9 |b:0.5  ba30:0.3  ba23 |a:1.5 ab8:0.3 ab39
-1 3 -0.2 't300 |c | color:red :1.5 d30 d18:+2 |a  ab18  ab15  ab26:2.5
1 1 t423|a	ab38:1e-1 |c color:red ca10
1 0.25 0 't11 |b:0.5 color:red ba4:.75 ba28 ba36:.75 |c :0.5 |a  ab39
id563839	1 1 |a color:red |c  color:green
-1 t128|b:0.5 ba24:1e-1 | d12:-1 |a ab4 color:blue ab17:+2 |c |a:2 ab22:+2
-1 2 t674|c  :2 |a:2	ab12	ab1 |a:2  ab14:2.5  ab0:2.5
-1 0.25 0 |a ab36:0.3 |b:2
1 't753|a ab8 | color:red d6 |b ba14:-1 |c ca4 |a:0.5 ab0:+2 color:red ab13:+2 ab24
1 t149|a	ab2	ab6	color:green |a	ab32	ab5	ab33:2.5	ab19:-1 |
1 't169 |a:2  ab37  ab35  ab14  ab19 |b ba9:0.3 ba15 |c:2
-1 t58|c	ca11	ca20:-1	ca4:0.3
-1 |b	ba18	ba17	ba10:-1 |c ca34:.75
id846280	1 0.5 |c ca15:1e-1 ca36:2.5 ca37 |
-1 2 t484| d37:+2 |c:2 color:blue |a:2  ab9
-1 0.25 -0.2 t212|b:1.5 ba14 ba5 ba25:+2
-1 3 0.1 |a:2 |c |	d34	d4:2.5 |b ba15:+2 |a:0.5 ab22 ab30:.75
1 |c:2	ca5:0.3	ca35
1 't779|a ab13:1e-1 ab30:.75
1 t93|c:0.5 ca39 ca29:2.5 ca7:-1 ca10
1 3 |b |a  ab15:.75  ab31:1e-1
1 't830 |b ba5 |b:2
-1 1 0.1 't501 |a |c ca28 ca4:0.3 ca33 ca23
-1 't325| d33:-1 d25:-1 |b:1.5  ba30:+2  ba19 |a
1 0.5 0 't325 |a:2	color:red	ab2 | d37 d35 :2 |c  color:blue |a:0.5 ab9:.75 ab21:1e-1
1 0.5 0 't798 |c ca7:0.3 color:red | d4:+2 color:red |b	color:green	ba27:.75	ba26:0.3 |a  color:red  ab1:2.5  ab35
1 't603|c:2	color:red	ca21
1 2 0.3 't21 |a  ab9 |c ca12
id193532	-1 2 |a	ab20	ab8	ab11 |	d25:-1	d4	d33 |b ba10 ba0 color:blue ba21
id990563	1 3 |b | d36 d28:.75 |c	ca38:2.5
-1 |b color:red |c  :0.5  ca27:.75  ca38 |	color:red	:-0.25 |a ab18 ab7:2.5 ab11 |c
-1 3 0.3 |a ab17 ab19:1e-1 ab31:0.3 |b:1.5	color:green	ba32	ba30 |c ca38 ca18 |	color:red
id744616	-1 0.25 |a  ab36:-1  ab34 |b	color:red | :0.5 d25:+2 :0.5 |c color:green ca3
-1 t987|a ab14 |b:1.5 color:green ba18
-1 1 0 |	d37:+2	d22	d24:0.3	d9 |c ca28:2.5 color:green |a ab37 ab34 ab32 |b
-1 0.25 t148| |b:0.5	ba30	ba23	ba9	ba1:+2 |b:2
-1 1 0.3 |b ba36:1e-1 |c:2  ca0:0.3  ca4 | :0.5
1 |b:0.5	ba28 |a color:red |c	ca22:.75	ca31 |
1 0.25 t688|a:2 |c  ca11:+2  ca5:2.5  ca8
1 3 | |b:0.5 ba19 ba11 |a  ab30  ab38:2.5 |c :2 |a	color:blue	ab23:2.5
-1 t873|a:1.5 |b	ba37	ba2	ba1:-1	ba5:-1 |
-1 2 |c |	:-0.25
-1 0.25 -0.2 't692 |b	ba3	ba31	ba22 |a color:blue ab0
-1 3 | d30 d14 d1 |b ba3 |c	ca34:.75
1 |c color:blue ca12 ca20 |
1 0.25 t907|b ba7 ba6:1e-1 |a ab18 ab17:-1 ab28:.75 |
-1 |a
-1 t304|a ab38 |b:2 ba5 ba9:0.3 ba8 |a ab15 ab0 ab17 ab35
1 1 0 t797|c:1.5	color:green |a:0.5 |b ba33 ba5:.75 ba20 |	:1.5	d4	d27	d29:+2 |c
-1 t560|a:0.5	ab30:+2	ab5	ab8:2.5 | d7 d13:-1 color:green |c |b |b:2
1 t677| |c	ca37	:1.5	color:red
1 't252 |a ab1:2.5 | d32:+2 d39 d27
1 2 t501|c  ca18:+2  ca5 |b:2 ba23 ba2:-1 ba33 color:blue |
1 't935 |a ab6:1e-1 color:red ab8:.75 ab16 |c
-1 1 -0.2 t496|c:0.5
1 0.25 |  color:blue |a  ab36 |b:2 ba8 |c ca16 ca17 ca21:.75
-1 t511|c	ca17
-1 t130|c  ca36  ca14:0.3  :0.5  ca25:1e-1 |a |b ba5:-1 color:blue ba37:0.3 |
-1 3 0.3 t545|a  ab13  color:red  ab8:2.5
-1 |c:0.5 |	d12	d8	:-0.25 |a:2  ab38:1e-1  ab32 |a ab5:+2 ab17 ab27:0.3 ab15:0.3
1 't523 |c  ca30:2.5  ca9:-1  color:blue  ca3 |a |b  ba18:+2  ba13:.75  ba21 |
-1 3 0 't113 |a:2 ab26 color:green ab3:1e-1 |b |c  ca25  ca30  :1.5 |	color:green	d9:+2	d29
1 0.25 0 t186|b ba25 ba15:1e-1 |c
id928082	-1 1 |c:2 |b  ba3 |
-1 1 |c:0.5	:-0.25	ca3	ca24 |b:1.5	ba38	ba16 |a	ab5:.75	ab21:.75	ab3 |  d26  d29:+2
-1 0.25 -0.2 t325|c :2 :-0.25
-1 't602|c	ca3	color:red	ca25:2.5	ca29:2.5 |a ab10 ab30:0.3 ab37:+2 color:red |	d33:+2	color:blue |b  ba15:2.5  ba5  ba31:+2  ba18:+2
-1 t563|b |c	ca28:+2	ca15	ca35	color:green |a	ab0:+2 | d2 d24:1e-1 :2 color:red
-1 1 -0.2 't712 | |b:0.5 |c  ca39:2.5  :1.5  ca34:.75  ca0:1e-1 |a:1.5 ab9 ab14 |
1 t443|b |	d36:.75
-1 2 |a:0.5  ab6 |c  ca27 |a
-1 |a	ab13	ab1:2.5 |b	color:green	ba1 |  d29 |c ca1:-1 ca7
1 | |a
-1 't265|b ba25 ba16 |c :-0.25 |a  color:green  ab2:+2
1 't860 |b:2	ba0	ba26	ba10 | |c:0.5	ca14:-1	ca38:-1	ca25:-1	ca3:-1 |a ab27 ab19:-1 |c
-1 0.5 t718|a:0.5	ab26
1 |c:2 ca29:0.3 ca18 |b:2 ba7:.75 ba16 color:blue ba20:2.5 |a ab6 ab24:.75 color:green ab23 | |c
-1 | |c |a color:red ab34:1e-1 ab7:-1
-1 0.5 0.3 t568|	d39:-1	d18 |c
id895419	-1 3 |b ba2 ba36 ba5 ba24 |a:2  ab36  color:blue
1 t539|b | |a |a ab38 ab2 ab9 color:red
1 3 0 |b ba28 |c:0.5	:1.5	color:red	ca18 |a  ab37  ab22:0.3 |a	ab2	ab25:0.3
-1 2 |b	color:green |c |a:0.5  ab14  ab27:0.3
id198721	1 3 |  d20  d37:1e-1 |b ba37:0.3 |a |c
1 't78 |  d37:0.3 |b:2 ba26
-1 t780|c	:1.5 |	color:blue	d4
-1 0.5 0 | d24:0.3 d27:-1
-1 |c  :-0.25 |b ba6:1e-1 ba37:.75 ba22 |	color:red	d8	d33 |a
-1 3 -0.2 t352|b ba14:0.3 color:green ba7 ba8:2.5 |a:0.5  ab6  ab27  color:green
-1 1 0 |a |b	ba30:0.3 |	d9:+2	d7:.75	:2	d11:0.3 |c  :1.5 |a:0.5 color:red ab27:1e-1 ab17
1 1 0 t534|
-1 't397|b:2 ba23 ba5 |a  ab36:+2  ab14:2.5 | |a  ab25:0.3  ab9
1 3 t639|a	ab32	ab19 |c:2  color:blue |b:0.5 ba10
-1 't324|c ca15:.75 :-0.25 ca30 |a ab12 ab36:-1 ab17
1 0.5 t555|b  color:red  ba9:-1
1 2 0 't766 |a
-1 3 0.3 't617 |b:1.5 ba33:0.3 ba20 ba1
1 2 0 t260|a  ab18:0.3  ab29 |b:1.5 | color:blue :2 d31:2.5 |b:2
-1 't327 |c  :0.5  ca29  :0.5 |b ba16 ba21 ba30:.75
1 |b:1.5 ba34:+2 color:red ba6:.75 |c color:green ca39:.75 ca33 |a  ab30  ab9  ab17  ab1
-1 0.5 -0.2 't13 |b:2 ba13:1e-1 |a:0.5	ab35:+2	ab33	ab24	ab2 |c ca25:.75 color:blue
1 2 0.1 't25 |c ca32:2.5 color:red :1.5 |a:2 ab35:-1 ab6 |	d15	d14:-1
-1 t362|b:1.5
-1 0.5 t660|b:2  color:red  ba18  ba7 |c  ca18:0.3  color:green |a:1.5 ab2 ab23 color:blue | d6 d18:-1 d35:2.5 color:red
1 0.25 0 't112 |a	color:green |b	ba20:1e-1
1 2 0.3 't23 |a:1.5 ab11 ab0 ab5 |b color:green ba27:.75 ba16
1 't408|c ca17 ca28:-1 |a
1 t987|c	ca22 | d6 :1.5 d9 d15 |a ab6 ab10:-1 ab20 ab0 |b:0.5 ba22:.75
1 0.25 |	d18:0.3	color:blue	d1:+2 |c  :0.5  ca18 |
1 't153|a ab39:0.3 ab16 ab11 |b ba13 color:green ba15:1e-1 ba11 |b:2
id221498	-1 0.5 |	d19	d6:+2 |b:0.5 |c:1.5 ca13:-1 :2 ca29 ca25:1e-1 |a:0.5  ab13:0.3
1 't448| color:red |a ab23:1e-1 ab16:2.5 ab21:.75 ab24
1 0.25 t781|a:0.5  ab31  ab28  color:blue |b  ba4:+2 |c ca34:+2 ca12 | |a  ab17  ab29
1 0.5 -0.2 't136 |b |a ab6 ab25:+2 color:red | d16 d33 d24:+2 |b:2
1 0.5 t304| |c color:red |b |a ab36 ab32 ab8:0.3 |a:0.5 ab11 ab30 ab4:.75 |c
1 3 | d28 d38:1e-1 |b:0.5
-1 't794|b  ba25  ba37:.75  ba11
1 | |c :1.5 :1.5 ca20:0.3 |b:0.5 ba6 ba15 ba36 |a	ab12	ab18:0.3	color:blue
-1 t919|b ba8:+2 ba10 ba0 ba36 | color:red d18 d22:2.5 |c	ca4:0.3	ca25 |a:2	color:blue	ab5	ab0 |a ab3
1 0.5 |b	ba7 |a:1.5	ab18:-1 | |c
1 2 0 't494 |c:0.5 ca38:0.3 :2
1 | |a ab11:0.3 ab23 ab28:0.3 ab25 |b ba33 |c	:0.5	:2	color:blue
1 't876 |a |b color:green |	d15 |c color:green :0.5
-1 t993|b  ba12:+2  ba7:2.5  ba5 |  color:red  d25:-1 |c:0.5 color:blue ca20:.75 ca33 |a:2
-1 3 0 |c:1.5 |a ab31 ab6 ab21:-1
1 't133 |b |a color:blue ab9 ab18:2.5 ab34 | |c  ca14  ca20  ca35:.75 |a ab36 |
-1 |b  ba30:0.3  ba26  ba5:+2  ba7 |c:0.5	ca12	ca23	ca4:+2	ca13:2.5
1 't601|b ba8 color:blue ba0 ba25:+2 |a color:red ab33 ab35:+2
1 1 0.3 |a	ab21	color:red	ab24
-1 2 |	:2	d27:.75 |a  ab5:-1  color:blue |b:1.5
1 't713|c  ca16:+2 | d10:2.5 color:red :0.5 |b ba16 ba10:-1 |a:2  ab26:1e-1
-1 0.25 | :2 :0.5 |b ba17 ba24 |c	ca28:.75	ca25	ca10 |a ab25 ab17 ab35 |a	ab4	ab22	ab12	ab11
-1 't975| |c color:green :1.5 ca20 :2 |a color:red ab3
1 |c:0.5 :1.5 :1.5 ca6 ca19:1e-1 |a:0.5 |b:1.5 ba12:+2 ba34 color:blue |b:2
1 3 0 |c ca12:+2 ca16 ca30:2.5 | d24 :2 color:green |a:0.5 ab6 |c
-1 t377|c  :0.5 |a |b:1.5	ba21	color:blue
1 1 -0.2 't458 |	d23:+2	d39:-1	d4	color:blue |a  ab9  ab37  ab30  ab12:+2 |a ab34:+2 color:red
-1 0.25 |
1 0.25 -0.2 |a color:blue ab8 | |c color:blue :0.5 |
1 't948 |c |b	ba27 |a:2 ab0 ab16 |
1 't434 |a ab12 ab3 ab21 |c	color:green	ca20	ca6:0.3 |c
1 0.5 0.3 t566|c  ca26:2.5  color:green | d23 d12 |c
1 't9 | d26:2.5 d6:.75 |b:1.5  ba30  ba20 |a  ab14:2.5 |a  ab37  ab25
1 |a	ab0:0.3	ab8
id842232	-1 0.25 |a |
1 't949|c |a	ab37:1e-1 |b color:green ba31 ba0:0.3 | |a color:blue
1 't961|	:0.5	d24	d31:+2	d13 |c color:green ca13 ca29 |a ab39:-1 |b ba0 ba35 ba39 ba10
1 0.25 0.1 t124|  d4:1e-1  :2 |a |c ca15:2.5 :0.5 ca32 ca35:-1
-1 0.25 0.3 't841 |c  ca13:+2  ca20  color:blue |a
-1 |a:1.5 |b	ba18 |	d12	d35:0.3	d38:+2 |c
1 |c ca13:0.3 ca26:0.3 ca3 ca12:+2 |a:2  ab2 |b:2	ba16:+2 |a ab39:+2 ab35 ab5:+2
1 0.25 0.3 't662 | :2 d9:.75 |c  :2  ca38  ca35 |b	ba14	ba17 |a:2 ab15 color:red ab24 ab30:0.3
-1 't229 |  :1.5  :0.5  :0.5  :0.5 |c	color:blue	ca22
-1 1 0.3 |a  ab28  ab27  ab14  ab17 |	d6	d5:0.3	d17:.75	d4:+2 |b:2 ba15 |c:2	color:green |c
id10315	-1 1 |b ba29 ba32 ba11 color:blue |	color:green |a:1.5 color:blue ab23 ab39:-1 |a
1 't923 |c	ca4:1e-1	ca29:2.5	color:red | d36:.75 :2 d30:1e-1 :1.5 |b:0.5 ba33 ba24:.75 |a:0.5 |b:2
1 t133|  d20:+2  d10:+2  d30  color:red
-1 't727|b ba39 ba5 ba24 |a color:blue |b:2
1 3 -0.2 t720|b  ba1  ba36  ba12
-1 't113|b	ba33	color:red	ba36 | d38 d7:2.5 |a color:blue ab10
1 0.25 | d24 d37:.75 |c ca30 ca9:0.3 ca35 color:blue
-1 0.25 |a color:blue ab18:.75
1 3 0 |	d37:0.3
1 0.25 t828|b	ba15	ba23 |a	ab19:-1	ab36	color:green	ab38 |c  ca16:1e-1  ca14:1e-1  ca30:-1 |a:2 ab23 ab33
1 't234 | d36 d8:1e-1 |a:1.5 color:blue |a	ab7:2.5 |c
-1 |b ba15 ba8:+2 ba3:0.3
1 't55 |	color:red |a:0.5 ab2:.75 |b color:blue ba24 |c  :0.5  :1.5  ca27:.75 |a ab3:-1
-1 't412|c:0.5 |	d36:2.5	d35:1e-1	d3:.75	color:red |b  ba27  ba28 |a |b:2
-1 't754|b ba22 ba35:.75 ba29 color:red |a:1.5 ab23 ab9 color:blue |c	:1.5	color:blue |	d35:.75 |a
-1 t212|b ba39 |c	ca13:0.3	ca26:2.5	color:green
-1 t567|a:0.5 ab0 ab28:+2 ab18:0.3 |  d6:1e-1  d14 |b:2 ba10 ba18 ba3 ba6
1 1 t428| :-0.25 :-0.25 color:green d3:+2 |a ab9:1e-1 |c
-1 2 0.3 't802 |b  color:red  ba11  ba27  ba18:-1 |	:2	d36:0.3 |c	ca34	ca0	ca9
-1 0.5 0.1 t46|c :0.5 |a ab16:1e-1 ab7 ab20
1 't245 | :2 color:blue d2
id929432	-1 0.5 |b:0.5	ba31:+2
1 3 |c |a  ab7:2.5 | color:red d26:+2 d9:+2
-1 't254|b	ba31:1e-1	ba2:.75 |a  ab9:+2  ab10  ab12:0.3  ab24 |c:0.5 |	:1.5	color:blue	d2 |a:2 ab37 ab8:2.5
-1 t408|b ba22:.75 ba0:+2 ba19 ba23:1e-1 |a ab16 |  d8:0.3  color:blue |a ab7:0.3
-1 't891|b |b:2
id40411	-1 2 |a ab26 ab8 ab33 |  :1.5  d12:1e-1 |b:0.5
1 1 -0.2 |c	ca9 |a
1 t224|  color:red |a:1.5 ab26:2.5 ab22:2.5 ab9:.75 ab19 |c ca21 |
id882759	1 1 |b  ba35:.75  ba22 | :0.5 color:green d26:0.3 d37
-1 2 0.3 't450 | :1.5 :1.5
1 2 0.1 |c	ca12:0.3	ca14	ca39:2.5	ca26:-1 |b:2 color:green ba13 ba4 |a:2 ab20:1e-1 |	:0.5	d7:-1	:0.5 |b:2
1 't416| |a:0.5 ab3:2.5 ab12:1e-1 ab26
-1 't139 |b  ba30 |b:2
1 t266|c ca3 color:green ca2 | d35:-1 d32 d24 color:blue
id994962	1 2 |c |a:1.5
1 0.25 0.1 |c color:blue :2 ca4
-1 't558 |b	ba21:+2	ba26	ba29 |a  ab19  ab35:-1  ab0:1e-1  ab20:2.5
-1 0.5 0.3 't76 |b  ba30  ba12  ba8 |c ca23 color:green ca27:1e-1 :0.5 |a:0.5  ab20  ab1:2.5  ab27:-1  ab4 |a:1.5  ab13
-1 t516|c:0.5 |a  color:blue |  :-0.25  d16  d7 |b ba13:1e-1 ba25 ba39:-1 ba2:1e-1 |c
-1 |b  ba22:2.5  ba29  ba36:0.3
1 0.25 t447|a:1.5  ab30  ab6:0.3 | |b:1.5 ba11:0.3 color:red |c
1 2 0.3 't574 | :2 d24:1e-1 d7:-1 d32
-1 't215| d38 d25:.75 d16:0.3 |c:2 |b	ba6	ba18	ba27	color:green |a ab34 ab9 ab7
1 1 |c
-1 't273 |c
1 3 0 |a	ab12	ab14 |b |  color:green  d19:.75 |c:2 :1.5 |b:2
1 't923|a color:blue
-1 |c	:0.5	color:red
-1 3 |a ab20:2.5 ab3:-1 |a	ab7:-1	color:red
1 0.25 0.3 |	d17	d2:1e-1 |a ab33 ab39 ab22 |a	ab18	ab24	ab3
-1 't625|c:0.5	:1.5	ca2:.75	ca4:1e-1	:1.5
1 1 t51|a  color:red  ab18 |b ba1:1e-1 ba25:2.5 color:red |c  :1.5
-1 0.25 0 t304|c ca27:+2 ca36
-1 1 0 t974|b  color:blue | d26 |a:2 ab13:+2 ab11 ab19:1e-1 |
1 1 | |c	:2 |b ba17 ba15
-1 0.5 0.1 't836 |b	ba7 | d2:0.3 d17:2.5 |c  ca4  ca27  color:blue |a
-1 0.25 0 't330 |a color:red ab0:+2 ab4 ab2:0.3 |
1 t952|a:2 ab13:1e-1 |b  ba34  ba21:+2  ba27 | :1.5 |c:2 color:green :1.5
-1 3 -0.2 |c  ca4  ca20
1 3 0.1 t94|a |	d1:0.3 |b  ba24  ba7 |c ca9:0.3 |a ab24 ab8
id851130	1 0.5 |  color:red |a ab26
1 0.5 |c	ca29
1 2 0.1 t490|a ab2 ab24 ab17:1e-1 |b:2  ba4  ba26:.75  ba37  ba9:.75
-1 't812| :2 d3 |a:0.5 ab4:2.5 ab12 |a	ab33	ab21:-1
-1 't179|a:1.5 ab28 ab35
1 't828 |b ba17:+2 ba26:0.3 |c	:0.5 |c
-1 't158|c:0.5	color:red	ca6	ca34 |a	ab12 |a
-1 0.5 0.3 't465 |c ca14 :1.5 ca17
-1 2 0.3 't797 |  d1  d27:.75  :2  d4:2.5 |c ca0:+2 :-0.25 color:green |a  ab35:-1  ab39  color:green  ab9 |b	ba10:0.3	ba23	ba28	ba36 |a ab29:+2 ab6 ab27 ab34
1 2 |c color:red ca1 | d28:1e-1 d38:-1 d11:-1 color:green |b ba14:2.5 ba24 ba31 |a:2
1 1 |b  ba22  color:red  ba18 |a	color:green	ab7:.75 |c	color:green	ca17	ca18
-1 3 | d39 d7 d24:.75 |c color:green |a	ab0	ab15:0.3	ab20:2.5 |b	color:blue	ba23:0.3	ba18:.75
-1 | |a |c	ca7:0.3	ca37	ca16
id101663	1 1 |a:0.5
1 0.25 |a |c ca29:+2 ca1 |b:1.5 ba38 ba16
-1 3 0.3 |c	ca24:2.5	ca3:0.3	ca29:0.3 |b:2 |a:2 ab6:-1 ab19 ab28:1e-1 color:green
-1 t128|c	:1.5	color:blue |a ab25 color:green ab28 ab8
-1 1 | d18:2.5 |c:2  :2  ca33  ca29  :0.5 |b  ba2  ba17 |a:1.5  ab3:+2  ab7  ab39 |b:2
-1 't858|b	ba22	ba5:1e-1	ba24:.75	color:blue | |a:2	color:red	ab14	ab36	ab18
-1 2 |b:1.5	ba4:+2	color:green	ba19:.75 |c:1.5 ca35:1e-1 |a	ab11	color:red |a
-1 't603|b |a	ab26:-1 | |c	ca20
1 3 0.3 t390|c
1 0.5 0 t20|b |c:2 ca33:-1 ca13:+2 ca19:2.5 ca22:+2 |  d8 |a	ab23
1 't446|b ba27:+2 ba20 ba17:1e-1 ba25 | :2 d31:.75 d19:1e-1 |c |a:0.5 ab19:2.5 ab1:2.5 ab36 ab10 |a:0.5 ab26 ab39:+2
1 0.25 -0.2 t232|b:1.5	ba26:0.3	ba14	ba12:+2	ba22:0.3
-1 't376 |a:1.5 ab13:.75 |	:0.5 |c  color:blue |b:2
1 | color:green d22:0.3 :-0.25 d16 |c ca15:+2 ca39:+2 ca20:.75 |a:2	ab14:1e-1	ab0	ab33	ab36
1 0.5 0 't949 |a |a:1.5  ab38  ab23:1e-1  ab20  ab8:2.5 |c
-1 2 0.1 't759 | |a |b ba21:+2 ba33 |c  ca24  color:red |a ab13:1e-1 ab12 ab19
1 t917|c |a:1.5  ab31
1 't14 |a ab5 |b:1.5 ba13 |	d2:+2	:2	d13 |c	ca10	color:green
1 0.25 0 |a	color:green	ab27	ab6 |c:1.5
-1 t273|a	ab5	ab8:.75 |c ca23:.75 ca13:0.3 | d39 d10 d11:1e-1 d12 |b |a	ab16 |
1 t992|a |b ba19 ba4 ba22 |c color:green :-0.25 |a ab19:0.3 ab23:-1
-1 0.25 t105| |c ca25:0.3 ca4 |a	ab5	color:green |
1 't291| color:green d29 d39:0.3 |b  ba16:0.3  color:green |a	ab34:+2
1 2 0.3 't701 |a:0.5
id460460	-1 3 |	d30	d17	d33	:1.5 |c ca32 color:green |a ab19:0.3 ab35:.75 |c
1 t403|  :0.5  color:green  d34  :0.5 |a	ab26 |
1 0.25 0.3 't895 |a ab11:0.3 ab6 ab33 ab28 |a	ab26
-1 't735|a  ab0:+2  ab14 |b |c :1.5 ca16:+2 ca12 color:green | d31 :-0.25 |a  color:blue
1 't376|b ba26 ba5:2.5 ba23:.75
id478055	1 2 | d33:.75 :-0.25 d39
1 0.25 |c ca32:.75 ca28
1 1 0.3 't458 |  d3:.75  d31:0.3  d15:2.5  :2
1 1 |c:2  ca37:+2  ca5  ca28 |a	ab29:2.5 |b:2
1 0.5 -0.2 't276 |c  ca11:1e-1  ca6:.75 |b:0.5  color:red |  :0.5  color:red  d34
1 't329 |  :-0.25 |b ba20:+2 ba32:1e-1 |a:1.5 ab5 ab8 color:blue ab7
1 3 0 t156|b ba27 | |c:1.5 |a:0.5 ab36 color:green ab21:-1
-1 3 t884|	d28 |a:2 ab31:2.5 ab28 ab1 |b
-1 't616|a ab37:+2 ab25 ab29:0.3 ab36:.75 |a ab24 ab4:-1 |b:2
1 t266|c |a ab32 |c
1 't843 |  d3  d39 |a	ab15
1 |b:1.5 |a ab28:.75
1 |a ab9 ab14 |b |  d15 |c ca37:1e-1 |a:2	color:green	ab26:+2	ab24
1 3 -0.2 | |b |c ca35 ca26 |a  ab6
id45974	-1 3 |b	color:red	ba23	ba13 |a color:blue ab26 ab16
1 0.25 t404| d16 d27:-1 d14:-1 d13 |c :0.5 color:red ca23:0.3 |a  color:blue |
1 2 0 |  :0.5  color:blue |b:0.5	ba37:-1	ba23:.75
-1 1 0.3 t300|c ca36:2.5 ca0:0.3 color:blue |a ab9:0.3 ab17:-1 |b ba37 ba32 |
1 't754 |b:2 |a	color:red | |c:0.5 color:blue ca14:-1 |a ab5 |b:2
id85779	-1 2 | d25:0.3 color:green :0.5 |a ab30 ab32:-1 ab35:.75 ab24:-1 |c
-1 2 0.3 |b  ba9  ba18  ba6:1e-1  ba19
id444574	-1 2 |c  :-0.25  ca2:+2 |a ab8 |
1 1 |b ba2 ba11 |a:2 ab30
-1 3 0.3 t505|a:1.5 ab25:0.3 ab35:1e-1 ab12:.75 |b	ba18	ba29:+2 |  color:red  d10 |b:2
-1 1 0.1 t21|c ca13:2.5 :-0.25 ca11 ca14:0.3 |a ab10:2.5 ab22 ab8 color:red |b:1.5 |
-1 |
1 |b	color:red |c |a | d18:.75 :2 d13:+2 d16:2.5 |a ab34:.75 ab17 ab36:1e-1 color:red |
-1 0.5 -0.2 t96|a:0.5 ab33 ab4:.75 ab3 ab22 |	d15:2.5	d5:-1	color:red |b  ba21  ba18:.75
1 2 | d3:+2 :2
1 2 |b:0.5 ba2:-1 |a  ab39  ab29:2.5 | d37 d1:0.3 d24 d22 |c	:-0.25	ca0:.75	ca11:2.5	ca4 |a	ab17:.75	ab19
id354529	-1 0.25 |	d24:-1	d6	d31:1e-1 |a color:blue |b:2
1 |b:1.5 |a:0.5 ab29
1 1 -0.2 |c	:0.5	ca25	ca29 |a:1.5  ab38  ab9:0.3 | |b:2
-1 | d33:-1 |a:1.5  ab4:.75 |
1 3 0 t288|b:1.5 ba30 ba29:-1 ba22 ba19:1e-1 |c:0.5  ca4:2.5  ca22  :2 |  d15  color:red |a  ab9
-1 't67|b | d8 d5:0.3 d31 |a ab9 ab12 color:blue ab21:0.3 |c  ca28  ca4:-1  ca18 |a:1.5 |c
1 3 -0.2 't58 |  d29  d25  d9  d21:2.5 |b  ba3:0.3  ba9 |c :0.5 |a:0.5  ab13  ab21:+2  color:green  ab11
-1 't919 | d26 d36 d39:-1 |b ba27:1e-1 color:red |c:2 ca33 ca6 color:red |a ab36 ab32:+2
1 3 0.3 't62 |b  color:blue |  d33:.75 |c :-0.25 ca21:+2 ca26 ca23:-1 |
-1 't344 |c	ca38	ca23	:0.5 |a color:blue ab8:+2 ab18 |b:0.5  ba3 |
1 't646|c	ca3:1e-1 |b ba17 ba0 ba20:-1
-1 1 0.3 t58|b:1.5
1 't451|a  ab7:+2  ab30 |c ca27:1e-1 ca7:.75 |b:1.5 ba15:+2 | d17 d11:+2 :1.5 d31:-1 |
-1 2 t335|a:1.5	ab18	ab21	ab2	ab16:+2 |a	ab9	ab31:+2	ab36:-1	ab8
-1 't451| d26:0.3 color:red d16:-1 d21 |a ab11 ab0 |b |b:2
-1 1 0.3 't21 | |a:2 ab37 ab35 ab34 |c  ca26 |b	ba20	ba13:-1
1 't380|a:2  ab27:+2
-1 3 0 t399|  color:green  d31  :0.5
-1 't505| |b ba38:1e-1 ba39:2.5 color:blue |c
-1 't699 | :0.5 color:green :-0.25 |c:1.5 color:red ca32:2.5 ca18 ca34 |b  ba16:+2  ba38 |a:0.5 |c
1 0.5 0.1 |	d15 |b ba24 color:blue |c :0.5 color:blue :1.5 |a	ab30
-1 t810|a  ab16:-1  ab5  color:blue  ab39:-1
id427270	1 0.5 |a:0.5  ab27:+2  ab37  ab35  ab25:1e-1
-1 2 0.1 t482|b	ba12 |a	ab30:-1	ab23:+2	ab21:0.3	ab35 |	d31:1e-1	d19	d9:.75 |a ab16 ab3
1 't997 |	:0.5	d12:+2	d23:+2
1 1 -0.2 | :-0.25 color:green d13 d35:.75 |c:1.5
id679927	1 1 |a	color:blue	ab16	ab17:.75 |b:2 ba11 ba0 |c	color:green |c
1 1 0.3 t830|b color:green ba36 |c:2	ca8	ca0:-1	:0.5	ca31:2.5 |a |a ab19 ab24:+2 ab38:-1 ab30:2.5
id936994	-1 2 |a:2 |c
1 3 -0.2 |c  :0.5 |a ab37 ab17:-1 ab27 ab10:-1 |b	ba33:+2	color:green	ba1 |	d3:0.3	color:red	d9:+2	d11 |
-1 't630|a ab4 ab11 |b:1.5 ba13:1e-1 |	d34 |c ca22 ca16:-1 ca25 |a color:blue ab17 ab7
1 0.5 |a	color:blue	ab17	ab19:2.5	ab29:+2 |c:2 ca29:2.5
1 t646|c:1.5  ca9:.75  color:green  ca19  ca24 | |a	ab3:2.5
1 t150|b	ba13	ba14:-1
id237687	-1 3 |c color:blue ca23 ca12:-1 |a |b |a	ab7	ab31:2.5	color:blue	ab1
1 2 0 't42 |a	ab13 |b:2 |b:2
1 0.5 |b  color:green  ba6:-1  ba2
-1 |b ba18 color:red | color:green d16:+2 |c:1.5 ca25:2.5 ca36
id504298	1 0.5 |a:1.5 color:red ab9:.75 ab21 ab17:-1 |c:0.5 :1.5 color:red
-1 1 t723|b  ba24:+2  color:blue | d33 |a ab28:2.5 |a ab7
-1 't169|c:2 ca19:0.3 :0.5 |a ab13 ab8:.75 ab15 ab25 |a ab38 ab17 ab37 ab29
1 0.25 -0.2 t906|c	ca0:2.5	color:blue |  :1.5  d0  d34:+2 |a:0.5 |b	ba27:+2	ba9:.75
-1 t326|  :-0.25  d31:.75  :2  d33 |a:2 |a:2  ab24:0.3  ab38  ab25:2.5  ab30
1 t390|c:1.5 |b ba1:2.5 |a:2  ab3:1e-1  ab14 | |c
-1 't994 |	d26	color:green
-1 2 0 't323 |b:0.5 ba37:0.3 ba19 |  d4:.75  d25  :2  d19 |c	color:green	ca24:2.5	ca30	ca11:2.5 |c
1 2 0 't272 |b
-1 't297|	d3	d9	:1.5	:-0.25 |c  :0.5  ca28:.75 |a |b:0.5	ba25:0.3
1 't527|b |c:2 |b:2
1 0.5 0 't399 |a:0.5 ab5 ab22:+2 |	:2	d18:2.5	d7	d4:2.5 |c  ca7 |a  color:green  ab1
1 't660|b:0.5 |c:0.5 :0.5 | |a color:blue
1 1 -0.2 't18 |c |b	ba19	color:green	ba10	ba38 |a  ab24:0.3  ab10:2.5 |b:2
id1357	-1 1 |a ab23:-1 ab19 | d1 color:red |b |c	ca14:0.3	:2	ca16:1e-1
-1 2 t247|b
-1 0.5 -0.2 t29|c  ca12 |c
1 3 t896| |b  ba11:2.5  color:red  ba10:0.3  ba27:-1 |c:1.5 ca27:0.3 ca18 color:green :1.5 |
1 't606|a	ab30 |b:0.5 ba21 ba38:1e-1 ba29 ba12 | d7:2.5 d38:-1
-1 |a | d33:0.3 d30
id118687	1 3 |a ab25:0.3 ab17:0.3 ab38:0.3
1 3 0 |	:0.5 |b:2 ba29 color:blue ba8 ba5:2.5
-1 2 t283|a ab21 ab2 |c ca33 color:green |a:2 color:red ab10
-1 3 0 t106| color:blue |b:2
-1 0.5 t335|a ab16:0.3 color:blue ab27:+2 |	:-0.25	d34	color:green |c ca4:2.5 ca26:+2 |a ab33 ab39
1 't220 |b:2 ba8 ba35 ba24:-1 |c |a
-1 0.5 0 't402 | d27 |b
-1 2 t969|c:2
-1 |a color:red | d8:+2 :2 d37:0.3 d6 |b:0.5 color:red ba3:1e-1 |
id157394	1 3 |a	ab10:.75	ab1:+2	ab8	ab16 |c:2 | d16:1e-1 |a:0.5	ab28	color:blue	ab14:0.3 |b:2
1 0.5 |b ba24 ba10 color:blue ba4 |a color:green ab16
-1 3 0 t538|a ab19:1e-1 |c:0.5  ca36  :2  color:red |b:2 |
1 0.5 0 |  d4  d18:-1 |a ab31 |b |c
1 t807|b	ba8	color:red	ba27:-1 |a
id280503	1 1 |  d23:.75  d0  d12:-1  color:green |b	color:green	ba33	ba35:.75	ba4 |c:0.5	:1.5	ca7	:2	ca26 |
-1 3 0 |a:1.5	ab9:.75	ab12 |b color:blue ba18 ba27:2.5 | |
-1 't400|c  ca31  ca6 |c
-1 1 |a:2 ab35:-1 |b:0.5
-1 0.5 0.1 |b |a
-1 |a	color:red
id101860	1 2 |c ca37:0.3 ca38:.75 |a ab16:2.5 ab24:+2 |
1 0.25 t869|b	ba7	ba35	ba8 |	d10:.75	d2:0.3 |a ab13 ab5:+2
1 3 0.3 t506|b:1.5 |c ca3:-1 ca32 ca28:-1 | |a color:red
1 2 0 't502 |b ba18 ba25 ba16 |c color:green ca0 ca30:-1 :-0.25
1 't194|c:0.5 |b:2	ba29 | |a	ab3 |c
1 |a:1.5	color:green | d12 color:red :1.5 :1.5 |c ca0:.75 ca38
id300609	1 0.25 |c:2	ca32:1e-1	color:blue	ca19:0.3 |b:2
1 0.25 0.1 t382|c:0.5 ca39:+2 ca17:1e-1 ca30 |a ab29 ab1 ab5 | d34 :1.5 d35:0.3 d5 |b color:red ba20
1 t158|c ca17:+2 ca11 ca35 ca20:+2 |a  ab19  ab17:2.5 |b | d38:1e-1 d15:.75 d37:2.5
-1 |c	ca18	ca21:1e-1	color:blue	:2 | d32 |b ba19 ba2:1e-1 ba8:2.5 ba15
1 't407 | |a ab2 ab1 ab5 |c |a:1.5	color:blue	ab31
1 0.25 t545| color:green |a:1.5	ab14:+2	ab4:1e-1	ab13
-1 't286|a color:green |b:0.5 ba8 |	color:green	d18 |c
1 0.25 0.1 t143|c:2  ca8 |a:0.5 ab15 color:green ab10 ab26 |b:2
1 't464| d37 color:red d32 |a |b ba4:1e-1 ba30 ba19 |c:2  ca11:2.5  ca33:-1  ca30:0.3 |a:1.5 |b:2
-1 1 0.1 't359 | |c ca1:1e-1 ca17 color:green |a ab35 ab13 ab1 |b ba10:0.3 ba21 |a |c
1 0.25 0 |a |c:1.5 ca32:0.3 :1.5 color:blue ca1:2.5
-1 't956 |a:2	ab12 |b  color:green  ba24 |b:2
-1 t872| d4:.75 d31 d38 :2 |c  ca3:2.5  ca14:1e-1 |a color:red ab4 |b  ba32:0.3
1 3 |b ba5:2.5 ba23 |	color:blue |a  color:blue  ab24:0.3
-1 1 0.1 t395|	:0.5
-1 0.5 |c  ca1  color:green  ca17  ca7:2.5 |b	ba14	ba17 |a | d14 d29:+2 d27:1e-1
-1 0.25 | d3:1e-1 :0.5 d23 |a ab10:.75 |c ca25 color:red ca21
1 't801 |c  ca24 |b	ba26:1e-1	ba0:0.3	ba5	color:red |	d6	:2	d35 |a  ab14 |
-1 2 t755|a	ab25 |b ba3 ba9 |c:2	ca25:2.5	ca27 | d33 :1.5 |a ab30 ab9 |b:2
1 1 |b |c:0.5 :1.5 ca14:0.3 |a:0.5 ab21:2.5 |c
id500175	-1 3 |b:2  color:red |  color:blue  d28:-1  d13:2.5 |c |a ab23 ab3:.75 ab14
-1 't590 |b	ba13:1e-1 | :0.5 |a |c ca5:+2 ca34:0.3 ca19:1e-1
-1 t35|a:2 ab29 ab6 ab21 ab22:1e-1 |  color:blue  d21:1e-1  d34 |c ca35 ca25:0.3 |b ba21:1e-1
-1 1 0.1 |a ab16:+2 ab8 color:red |a  ab1:+2
-1 |c  color:blue  :0.5
-1 | d34 d4:+2 |b:2
-1 1 0 t651|a	ab12:1e-1 | d8 d35 |c ca37:0.3 |b:0.5	ba37	ba7:-1
1 2 0.3 t667|a ab25 | |b
1 't888 |a	color:green	ab36:2.5
-1 3 t630|	d11:0.3	:2	:1.5 |c ca19 ca38:-1 |b:1.5 |a ab2 |b:2
1 't384 |a  color:red  ab2  ab7:1e-1 |b:2 ba11:0.3 ba8:.75
-1 't878|a:2 ab29:1e-1 color:green |c color:green |b:2 ba37 color:blue ba0 ba5 |c
-1 1 0 |a:2 |c |a	ab36	ab4:.75
1 2 0.3 't417 |b ba24:2.5 color:blue | d6 d13 |a
1 |b:0.5 ba25:-1 color:red ba9 | d30 d0 |a ab26 ab14 color:green |a:2  ab31:2.5  ab1:-1  ab39  ab10 |
1 t779|c color:red |a	ab24	ab19 |a  color:red  ab15
1 't738|a ab3 ab30
id555653	1 0.5 |	d2	color:blue |c :1.5 |b ba15:1e-1 ba30
-1 1 t400|c	ca3	ca32	ca12 | d0 color:green d39:-1 |b:2
-1 0.25 t409|c:1.5 ca27 |a  ab33:0.3  ab0  color:red  ab7
1 |b  ba20  ba5  ba32 |c:0.5  color:green  ca25:2.5 |a ab8:-1 | d30:-1 |a
1 't743|a  ab8:0.3 |c	ca10:0.3	ca0:-1	ca38:2.5 |b |a  ab5  ab4  ab24:+2  ab39:+2
1 0.25 0.3 't641 |  d13:0.3 |a:0.5  ab18  color:green |b |b:2
id959207	1 0.5 | d8 |a:1.5 color:blue |c:2
id154297	1 3 |
-1 't662 |c |a ab2 ab26 ab27
1 3 0 t638|
-1 3 -0.2 |  d4 |b	ba12	ba22:1e-1	ba3:1e-1 |a |c	:-0.25	:0.5	ca15	:2 |a
1 0.25 |a |c :1.5 color:red ca8:0.3 ca37
-1 0.25 t118|b:0.5 ba19 ba37 ba22 ba24 |c
1 3 0 t53|c	ca28 |b ba16 |a ab23 ab21 |	d31:.75
-1 0.25 -0.2 t143| :1.5
1 2 -0.2 t397| d10:2.5 d2:+2 d5:-1 d18:.75 |a
-1 |a ab27:0.3 ab14 ab33 |c:1.5 ca16 color:green
1 1 t153|c | d23:.75 d30:+2
id255831	-1 3 |b	ba6:-1	ba10	ba29
-1 |a:2  ab29 |c
-1 t970|a | d30:.75 d31 d35 |b
-1 3 0 |b:0.5  ba19 |c ca30:0.3 ca19:-1 ca38 |a  ab9:+2  color:blue  ab1 | color:red d19:+2 d7:0.3 d2
1 't903|b ba7:2.5 ba1 |a:2	color:red
1 t242|b:0.5  ba25  ba31:.75  ba12:-1 |	d15	d17:.75	d8
1 t6| d15:0.3 :0.5 d39:1e-1 |c:0.5 ca35:+2 ca4 |b  color:red |b:2
1 t903|c ca38:0.3 ca9 |a ab7 ab34 |  :-0.25  d16:.75 |b	color:blue	ba21
1 0.25 0.3 t668|a:2	color:green	ab13 |b:1.5
1 0.5 0.3 | d19 d34:-1 |a	ab0	ab31	color:blue |b color:green ba8:+2 ba19 |c	color:red
1 0.5 t675| color:green d39:1e-1 :0.5 d17:2.5 |c ca35:-1 color:green :-0.25 |b color:blue ba16 ba21:1e-1 |a:0.5  ab24
-1 2 0.1 |a:1.5  ab18  ab26 |c |  :-0.25 |b	ba15:1e-1	ba8	ba21:.75 |a:0.5
-1 3 0 't287 | |c  ca33  ca36  ca26:2.5 |
-1 1 0.1 t380| d28:0.3 d37 |a	ab21	ab30	ab6 |b:2
-1 't798|c |a:1.5  ab34  ab22:-1 |b ba2 ba9 | d32:+2 color:red |a  color:green
-1 |b color:red ba25 ba4:0.3 |a	color:blue	ab12	ab6:0.3	ab14 |	d28	d14:0.3 |c color:green |a ab22
-1 |a:2	color:red	ab14:0.3	ab32	ab22
-1 | d11 d16:-1 d30:1e-1 d35 |a  ab17 |c color:green |
1 0.5 0 t485|c :2 | d28:.75 :-0.25
1 3 t23|b	ba26 |a ab13:0.3 ab0
-1 3 |b ba15 | |a	ab18	color:red
1 t112|a:1.5  color:blue  ab14 |
1 0.25 |b color:blue ba22 ba32:1e-1
-1 3 0 |b:2	color:red | d16 color:green d33:+2
-1 0.5 0 't258 |  d10:.75 |
-1 0.5 0.3 t185|a ab30 |b:1.5 | |c
1 1 |c ca20:1e-1 ca29 ca0:-1 ca12:.75 |a color:red ab33:1e-1 ab14 ab15 |b  ba9  ba6:0.3  ba20  ba17:2.5
1 't700 | color:blue |a:0.5
-1 0.25 -0.2 t745|b:1.5 |a ab8 |c
-1 0.5 t759|a:1.5	ab22:-1	ab15:-1	ab37:+2	ab21 |c ca18:-1 ca4:1e-1 color:green |  d9:0.3  color:green  d25:-1 |b
1 't742| color:green d37 d12:+2 |c |b:1.5 color:green ba16:0.3 |a ab2:0.3 ab9 color:blue ab19
-1 1 |	d20:+2	:2 |c
-1 t618| d34:2.5 d31:0.3 |c:0.5 ca26 ca27:2.5 |a  ab34  ab29  ab1 |b ba28 ba23 ba6 ba27 |a color:green
-1 0.25 0.3 't120 |c |a color:green ab7 |a:0.5 ab28:.75 ab26 ab25
-1 |b:2  ba13  ba7:.75
1 1 |a ab13 ab20:-1 |	:0.5 |c |
-1 't107 | |b ba20:.75 ba23 |a ab29 ab30 ab2:0.3 ab7 |a ab21:2.5 ab0 ab13:-1
-1 2 |b ba7 ba39:+2 ba2 |  d3  d25 |a  ab8  ab20  ab5 |c  ca39:2.5  ca37  :-0.25
-1 1 |c	ca18:+2	ca13:1e-1
1 2 |b ba29 |a ab4
-1 3 0.1 t290|b |b:2
1 |c:1.5 :2 |a	ab7	ab15 |b ba30 color:green |b:2
1 3 -0.2 't50 |a:0.5 ab22:0.3 ab24 ab4 |c ca27 |  d35:0.3  color:red  d19  d34 |a	ab28	ab2	ab31:-1
1 't792|b
-1 1 t193|a:2 |	d36:-1	d16:-1	d10:1e-1 |b  color:blue
1 2 |c	ca16:.75	color:blue	ca27
-1 2 0 | d2:.75 d12 |a ab33:-1 |c
-1 1 |c:2 ca20 ca29:2.5 | |b |a |a:2 color:blue ab23 ab1:+2 |
1 't621 |a  ab33  ab6:2.5  color:blue  ab32 |c:0.5  ca20  ca23  ca33  ca26
1 't28 |b  ba27:0.3  ba2:0.3 | d14 color:blue d18:0.3 |a:1.5  ab17:1e-1  ab39  ab12:2.5
1 't644|a
-1 't80|b  ba27  ba22 |c ca14:+2 ca20 ca34 |a |  d1  d13:1e-1  :-0.25  d25
1 't721 |c ca39:.75 ca35 | d21:+2 d34:2.5 :2 |b ba11 ba21:2.5 |a ab0:2.5 color:red
id537124	1 0.5 |a:2 ab24 |  :0.5  d37:1e-1 |b ba6 ba24 ba7:2.5 ba16
1 2 |b  ba23  ba15:-1
-1 't292 |b:2	ba3	ba0 |  :1.5
1 't851 |a	ab11	ab24
1 t291|b ba2 color:blue ba33:+2 | :-0.25 |c ca30:.75 color:blue ca11 |a |c
-1 |a |  d23:2.5  color:red  :0.5  d10 |b
1 0.25 0.3 't421 |a	ab12:2.5 |  d5:-1  d11 |c ca32
-1 0.25 t37|b |a  ab22:.75
-1 0.5 0.3 | |b:1.5 ba1:0.3 ba28 ba14:-1 |a  color:green  ab29
1 |c
id607090	1 1 |c:2 | :0.5 |a:1.5 ab31 ab18:0.3 ab0
id173734	-1 1 |b ba10 ba12 | d1:1e-1 |c ca9 |a	ab26:2.5	ab21:2.5	ab13
1 3 -0.2 't254 |  d25:-1  d36:2.5  d27:-1  color:green |a:2 ab12 ab39
id988778	-1 0.5 |b:0.5 |a ab29 ab34:.75 |c color:green
1 2 t512|b ba21:+2 |c :0.5 |c
1 0.25 t562|b ba26:.75 ba24:.75 |a:2  ab36:0.3  ab25:2.5
1 t624| :0.5 d36:1e-1 |a	ab36
-1 't383|c:2  ca26:2.5 |  :2  d23 |a |b:1.5  ba36
1 't88 |c ca23:1e-1 ca0 ca22:-1 |a:0.5 ab23 ab28:+2 color:blue |	d36 |b:1.5 color:green ba18:0.3 |a	ab14
1 1 t383|b:0.5 ba11:+2 |	d16 |c	ca18	ca2:1e-1 |a
-1 3 |a:2  ab26 |a ab35:0.3
1 't891 |c:1.5 :-0.25 :2 ca10
1 0.25 0.3 't890 |c	ca33:-1 |  color:red  d19:+2 |a:1.5	ab36	ab38:-1	color:blue	ab13:+2
-1 3 |c  ca1:.75  color:green  ca31:2.5
1 't631|a	ab30:+2	ab18	ab39:1e-1 |c:0.5  :1.5  ca19:.75 |b |
1 2 | d32 color:red :2 |a:2 |b:2 |c
-1 0.25 -0.2 t941|c |a |b ba24 |
1 1 0.1 't874 |b |	:2	color:blue	d16	d13
1 |b |a ab32:-1 ab14 color:blue |  color:blue  d4:+2  d11  :0.5
-1 't631|b color:blue ba32:.75 |a ab38 color:red ab16
1 0.5 0.1 t350|  d3:.75  d21:2.5  d27  d23 |b	ba21	ba11:.75 |a:0.5	ab34	ab19:.75	ab32
-1 1 t459| d29 |c:1.5  color:green  ca23 |b |a color:green ab19 ab15:.75
-1 t388|  d36:+2  d22:-1  :0.5  d8 |a ab11 ab36 ab16 ab9:-1
1 3 0.3 | d17:.75 d22 |b:0.5 ba17:1e-1 ba35 color:green
1 2 |c  ca13:-1  ca7:1e-1  :1.5 |b ba22 ba14
1 2 |b:0.5 color:red ba34:-1 ba3:0.3 |c |a	ab14	ab20	ab2	ab32
-1 |c:0.5  color:red  ca8 |a  ab8 | color:blue d12 d22:+2 d36:2.5 |b	color:red	ba7:.75
1 0.5 0 t532|  d37:1e-1  d3:-1  color:blue |c:2 |a ab6 ab9 |b:2
-1 1 t130|b:2 ba15:2.5 ba6:0.3 |a  ab10 |c ca34 ca29 color:red | d21 |a  color:green
1 |b ba21 ba33:0.3 color:blue |c  ca5  color:red | :1.5 d33 d38:1e-1
1 't729 |a  color:red
id90444	1 2 | |a:1.5 color:green ab28 ab23 ab24:.75
-1 't659|c	ca25:-1	color:red	ca34:.75 |a ab29 color:red ab14 ab1:0.3 |	d20
id562334	1 0.5 |c ca22 color:green ca23 :-0.25 |b | color:red d21 |a:1.5  ab1:.75  color:green
1 0.5 |a:0.5 ab13 ab4:+2 | d36 |c
-1 3 -0.2 |b ba29:2.5 ba31:-1 ba3 ba36:2.5
1 t902|a ab13 ab26:.75
-1 't812|  d16:.75  color:green |c:0.5 ca17 color:red ca34:0.3 |b:1.5 ba26:1e-1 ba28 color:red
-1 2 |c ca8 |b:0.5	ba8	ba14 |
1 0.5 0.3 |c ca31 ca28:1e-1 color:blue ca33:+2 |a	ab4	ab24:1e-1	ab39	color:blue |b color:green |  d11  color:blue  d12
1 0.25 0 't488 | d8 d25:1e-1 |c	:1.5 |a
1 1 0.3 't503 |a |a	ab14:.75	color:blue	ab35:0.3
1 3 t4|a:2 |c:2	color:blue
1 t160|b:2 ba37:0.3 color:green ba31 ba30 |c |a ab38 ab27:2.5 ab6 |
-1 't756|c	ca21	color:blue	:0.5
1 |c:0.5 | color:red :-0.25
1 |a:0.5	ab5:1e-1	ab3	ab0	ab25:+2 |a  ab38  ab26  ab20:0.3
id810059	-1 0.25 |	d37:2.5	:1.5
-1 0.5 0.1 t867|b  ba22  ba25:2.5 |c:2 |a color:blue |	d17	d24
1 t882|b ba3 ba14:.75 ba28:2.5 | |a
1 't859| d3:.75 color:blue :2
-1 0.5 t747|a:0.5 |c
-1 0.25 0 |b ba27 ba37:1e-1 | :0.5 d35 d27
1 't925|c:2 :0.5 ca9 color:blue |b	ba29:+2 |a ab9 ab4:-1 ab38:-1 ab18
-1 't127| :-0.25 |b color:blue ba22 |c |a
1 t542|a:2 ab24 ab22:.75 ab9:.75 |b  ba20:-1 | |c ca38:.75 :-0.25 color:red ca5:.75
1 1 |	d21	d14	d6	d10:1e-1 |c  ca31 |b
1 0.25 -0.2 |b:0.5 ba8 ba37 ba2
-1 3 |  d3:2.5  d10:+2  d21:.75
1 2 |c |b |a |a  ab16  ab8:0.3  ab39  ab19:-1
1 't502 |c :-0.25 :0.5 ca3:.75 ca27:0.3 |	d5:.75 |a ab32:2.5 color:blue ab28 ab25
1 0.5 0.3 't923 | :0.5 d38:0.3 d18 |c:0.5 ca11 ca15 |b ba8
-1 0.25 0.1 t643|b |a	ab20
-1 2 0.1 |a ab10 ab0:1e-1 ab20 ab1 |c:2
1 2 t52|  d11:1e-1 |a:2 ab24 color:red ab2 |b ba3 color:red ba37 |c:0.5  ca8  ca12:.75  :-0.25 |a
1 0.25 -0.2 't674 |a |b |  d3  d7  d35
1 't536| |a ab39 ab34 ab2 ab11 |b:0.5 |c:2 ca21:1e-1
id141963	1 0.25 |b	ba25	ba14 |a ab25 ab17 ab7:+2 |	d21:+2	d31 |c
1 t642|a:0.5 |  :0.5 |c	ca16:2.5	ca14:.75
1 | |a ab13:+2 ab4 ab31 |c:1.5  ca31:1e-1  color:blue  ca8:0.3  ca26:0.3 |b	ba17	ba28	color:blue |c
1 2 0 t241| :1.5 color:green d36:.75 d24:.75 |c  ca11:2.5 |a color:green ab37 |b:1.5 ba12 ba35 ba13 ba15 |a:0.5 ab23 ab14:2.5 ab10 |
1 |b:2 | d15 d38:2.5 |c ca19:.75 ca15:+2 ca14:+2 ca34 |
-1 3 t173|b |c
-1 't926|b:2 ba25 ba26 color:green
1 |a:0.5  ab16:1e-1 |	color:green |a
1 2 |c ca3:1e-1 ca5 color:red |c
1 2 -0.2 |b	color:blue |c:1.5	:0.5	:0.5	ca31:.75	ca22 | |a:0.5 color:green
-1 0.5 t90| d33:+2 d13 d29:0.3 d22:1e-1 |a ab32 color:red |c
1 0.5 0.1 't144 |a:1.5 ab23 color:green ab2 | d28:.75 d32 |c
-1 2 0 t565|  color:blue  d38 |a |b
1 't466|b:1.5
1 |b:2	ba37	ba36	color:green | |a ab36:.75 ab11
-1 1 | :0.5 color:blue |c	ca34	ca21	:-0.25	color:blue |b	color:green	ba17
1 0.5 0.1 't111 |a |b ba28:-1 ba5 ba30 | d1:1e-1 |a
-1 2 0 't358 |b:0.5 |a ab3:+2 | :2 |c:1.5 color:green ca29:2.5 |a	ab16
-1 1 -0.2 t532|b ba9 ba34:1e-1 |c ca10 color:green ca25 :0.5 | |a  ab30:.75  ab32  ab25
-1 2 0.1 |a:0.5 ab20:2.5 ab16:2.5 ab31 ab28:.75 |b:2
-1 3 0.1 t248|b  ba11
1 0.5 0 | d16 |a	ab10:1e-1	ab7:+2	ab8
1 't737|c |b:2 |	d10	d24:+2 |a ab1 ab14 ab22:2.5 color:blue
1 't72|
1 2 0.3 't838 |a ab38 color:red | :1.5 d10:-1 |c:1.5
-1 't682 |b ba4:.75 ba3:.75 |a ab25 ab12 ab36 |  color:blue  d23 |c :2 |a ab8
1 1 |c:1.5  ca6  ca14:-1
-1 2 -0.2 | d11:2.5 d16 :1.5 |b ba7 ba22 ba39:1e-1 |a:2 color:red ab34 ab35:+2 ab12:+2 |c:1.5  ca39:1e-1  ca30  ca29:.75  :2 |c
-1 3 |a
-1 't619 |b	ba2 | :1.5 :2 d3 |a	ab36:+2
1 3 0.3 t54| |b color:blue ba16:0.3 |a ab33:0.3 color:blue ab22:2.5 |a
-1 |c |a  color:red |a
-1 2 | |c |a ab36 ab21:+2 |a ab5
-1 1 0.1 't737 |a color:blue ab39 ab9 |b:0.5	ba17 |a ab19 ab0 ab29:1e-1 ab38:1e-1
1 0.5 0 |a:0.5 ab11 ab8:.75 ab9
-1 't837 |b	color:blue	ba28 |c color:red ca25 ca24 |a:1.5 ab13 |a
1 3 0 t667|b | d12:1e-1 :0.5 d22
id594936	-1 0.5 |c  ca9  ca17:-1  ca37:.75  color:green |	d13:1e-1	d34:1e-1	d10:.75	:2
id395931	1 0.5 |c |b:1.5  ba20:2.5  color:green  ba37 | d11:0.3 :-0.25 |a  color:blue  ab3 |c
1 |  d16:.75  d14 |a color:red |b:0.5 ba32:-1 ba34 ba38 |c  color:red  ca19
1 0.25 |b:2 ba10 ba12:-1 ba14 ba17:1e-1 |c ca33:.75 color:green ca38:.75
-1 t109|	d23	d8:1e-1 |c	color:red |b  ba30  ba19  ba26:0.3
1 0.5 t700| |b:2  ba29 |a |c	ca17:-1	ca34:2.5	ca35	ca28 |a ab36 |
-1 3 0.1 't270 |b
1 t316|
-1 0.5 0 | |b  ba16  color:blue |c:1.5 ca28:.75 ca4 :0.5 ca21
1 0.25 |b |c
-1 3 0.3 't456 |b	ba12 |a
1 3 |b	ba3	ba17	ba7	ba19 |c:1.5 ca1 ca26 | d6 color:blue |a ab20:-1 ab1:1e-1
1 3 -0.2 't525 |b  ba34:1e-1  ba10  ba4:2.5  color:blue |c ca14:2.5 ca28:-1 ca25:2.5 ca3 |
1 't763 |c ca3 ca17 |a color:blue |b ba14:1e-1 ba10 ba13 |  d21  color:red
-1 0.25 -0.2 t214| |a ab2 ab33 ab0 ab30:2.5
-1 0.5 0 't366 |c:2 color:green ca17:1e-1 |a ab6:2.5 ab19:+2 | |b:0.5  ba1:.75  ba34:.75  ba18
id77551	-1 0.25 |	d20	color:red |b:0.5  ba14:-1  color:red  ba26 |c ca8 ca36:+2 |a ab20 ab7 color:green ab0:2.5 |c
id19181	-1 0.25 | d4:0.3 |c :1.5 ca23 |b  ba3:+2  ba0  ba26  ba5:.75
1 1 |a color:red ab8:0.3 ab18 ab1 |c:2	ca39:0.3	ca0	color:green	:2 |	d16:+2	d4:+2	d20	:-0.25 |b:2 color:red |a
1 1 t978|a:0.5	ab38 | color:red d20:0.3 |c ca15 ca35 ca16:.75 |b
1 0.5 0 |b |a |c	:1.5	ca16	ca21	color:red |a:2 ab32:-1
-1 |a	ab14	ab5:-1	color:green	ab28:.75 |b	ba16 |c:1.5 ca12:-1 ca37:1e-1 :0.5 |  d4:.75  d6
1 0.5 0 |a  ab10:.75 |c  ca21:-1 |b:0.5 |a  ab20  color:blue  ab34:0.3 |
-1 't975|b	ba15:+2	ba37	ba0	ba21
-1 0.25 0.3 |  color:green  d6:0.3  :0.5
1 't588|b	ba11:1e-1	color:blue |c  ca31:.75  ca21:2.5  ca0:1e-1  color:green | color:blue :0.5 d27 |a
-1 3 -0.2 t777|c	ca16	ca8:2.5 |a:1.5 ab2 ab26 color:green |  d32  d17  d22:1e-1  d24:-1 |b:2
1 |c	ca28	color:blue	ca33 |
-1 1 0 't186 |a  ab23 |a ab25
-1 1 |b  ba19:-1 |c
-1 0.25 0.3 't200 |c |b ba34:1e-1 |a:2 color:red ab18 | d1 d16:0.3 color:red
1 |b  ba17  ba5:1e-1 |c :2 ca15:0.3 ca6:2.5 ca31:.75 |	d3
1 2 |c  ca37:-1  ca5:0.3  ca10 |b:1.5 |a  ab30
1 't932 |a color:blue
-1 t393|c:2 ca9:.75 ca28:+2 color:green |a:0.5	ab34:2.5	ab6:0.3	ab38:.75
1 |a ab35:0.3 ab2 ab34
-1 't42|a	ab3:1e-1	ab17	ab11	ab32
id157602	1 3 | d34:.75 d35 d31 d25:1e-1 |b  ba30:-1  color:green  ba4:2.5 |a	color:green	ab11
id891727	1 2 |a:0.5 |b:0.5 ba30 color:blue |  d6  color:green  d34 |c :2 ca18:0.3 color:green
1 0.5 |c ca25:-1 |a ab28 color:red ab26:0.3 ab31 |	color:red	d1 |b  ba33  ba28
-1 't109|c :1.5 ca37:.75 ca12 ca0 |a:0.5 ab24:-1 color:green
-1 |a:0.5	ab15:+2 |  :-0.25  d15:+2  :-0.25
-1 |a ab7 ab34:1e-1 | d6:.75 d24:-1 |c |b:2  ba37  ba24  color:green  ba4:.75
1 t366|a:1.5 |c ca29:-1 ca3 ca20:-1 |a
-1 1 0 t965|b ba7:.75 ba13:0.3 ba0 color:red |c:2	ca37:0.3	ca26 | d27 d10 d17:2.5 color:blue |a ab15:2.5 |a color:green
-1 't227|a  ab37:1e-1  ab39  ab8:-1 |b ba1 |c
-1 0.5 t594|c	ca12	:1.5	color:red	ca15 |b ba4:0.3
-1 't629| d34:0.3 d8:2.5 |c:0.5	ca30	ca37:.75 |b ba17:2.5 ba28:2.5 color:green
1 0.5 -0.2 't413 |a:2  ab4:1e-1  ab19  color:red |b  ba2:.75  ba16:+2  color:red |  color:green |c  ca15 |a:0.5 ab23:0.3
-1 't490|c |a	ab24	ab7:.75	ab5	ab16
1 0.25 t19|c :2 |b:2
1 t994|a:1.5 ab9:.75 ab27:2.5 ab13 | d1 d39 |b  ba16  ba27  ba32:-1
1 't33|c:2 ca23:0.3 color:green :2 |b |a  ab8  ab14  ab10  ab20 |  color:red  :-0.25 |b:2
1 0.5 -0.2 |a |c  ca37:-1  color:red  :1.5 |b ba2 ba14 |	d37:.75	d18:.75	d2:1e-1 |a:0.5 ab12:+2 ab33 color:blue |c
1 't29| |a:1.5  ab26  ab28  ab20:.75  ab15
1 3 |c color:green |a ab6 | color:green d20 |b ba2:0.3 ba13:0.3
1 't547 |	d14:+2	d8:0.3	:1.5 |c:2 ca20 ca4:-1 ca26
-1 't24 |b ba20:+2 ba30 ba35:2.5 |c:1.5 :0.5 ca20 ca7 color:green |a:2 ab12 |
id880510	-1 0.25 | d19:0.3 d11 d39:1e-1 |a
-1 3 0.3 't529 |a  ab12:0.3 |	d35	:1.5
-1 2 t264| d17:.75 |a	ab0	ab21 |b:2
-1 't96 |a ab29 ab32:1e-1 ab16:0.3 color:green |c:0.5	ca33:-1	ca37:-1	ca27:1e-1 | d2 :2 |a:2  ab35
-1 1 |c	ca12:1e-1	ca32:.75	color:red |a:1.5  ab37:0.3  ab15 |
id624262	-1 0.5 |b  ba13 |a:2 ab1 ab22 color:green |  :0.5 |c
-1 1 0.1 t452|c  ca3  ca21:.75  :2  ca38 |a ab28:+2 | d17 d16:-1 |a ab27 ab9:.75 ab26:.75
1 |a  color:red |  d27:+2 |b ba21 |c ca20 ca18 color:red
id720614	1 1 |  d20  :0.5  :-0.25  d26:.75 |a:0.5	ab4:+2
1 't111|a ab25 ab33 | d27:2.5 d13 d10 |a	ab27:+2
1 |b	ba25	ba11	ba37 |a  ab1  ab35 |	d14:1e-1 |c	:1.5 |a  ab13  ab6  ab23
1 t918|c :0.5 color:blue ca22:.75 |b ba33 |a ab37 |	d20
1 0.25 0.3 t277|b ba27 ba1:0.3 |a  ab26  ab7:-1  ab30  ab5 |c | d13:1e-1 d4:0.3 d10:0.3 d29 |
-1 t114|c color:green |  d31:1e-1  d13 |a |b  ba23  ba24:1e-1 |b:2
-1 1 0.1 | color:blue d5:+2 |c	ca1:2.5	ca8:.75 |b:0.5 ba31:.75 ba0 ba9:+2 ba38:2.5
1 2 t616|c ca6:1e-1 |a color:red ab10 ab30 |b ba20 color:red ba31 |a:2 ab20:1e-1 |
-1 't166|c:1.5	:2	ca38 |a:1.5 ab39
1 0.5 |b	ba18	ba7:.75	ba16 |c  ca3:+2 |a ab22 ab29:1e-1 ab21 color:red |  d10  d25:.75  d7  d19:2.5 |a |
-1 t700|a:2 ab26 ab39
-1 't424 |b:0.5 ba18 |c  :0.5  ca3  ca30  ca19:+2 |
1 t807|b:2	ba29	ba5	ba4 |a	color:red	ab28:2.5 |	d8	d17:+2	d5:0.3
-1 0.5 t297|a	ab39 |b:1.5	color:blue	ba24	ba9	ba7:1e-1 |c color:green ca34:0.3 |	:2 |a:0.5  ab33  ab6  ab14
-1 3 0.1 |b:2	ba26:1e-1	color:red
1 1 -0.2 t608|a ab33 ab3 ab37:-1 |b:2	ba7:-1	ba27	ba14 |a
1 1 0 |c:0.5  :2  ca24  ca8 |a:2  ab2  ab21:-1  ab22:.75  ab6 | |b:1.5 ba7:1e-1 ba25 |b:2
1 't335 |a | color:blue d1:0.3 d10 d13:.75 |b ba39 |c ca11 color:red |c
1 2 |a	ab4	ab18:-1	ab15:+2	color:green | |b ba12:2.5
-1 0.5 0.1 |b  ba11  ba16:2.5
1 2 -0.2 |c	ca27	ca4	ca12:-1	ca2:0.3
1 0.25 t70|	:-0.25	d37 |b ba13 color:blue ba18 ba31:+2 |
-1 |b ba36:+2 ba13 ba11
-1 |a	ab28 |b	ba19	ba22	ba39:.75 |a:0.5 ab5:+2
1 0.5 |c:2	color:blue |a:0.5
1 't699|c:0.5 |a  ab28  ab2:.75  ab17:+2 |	:2	color:red	d19:+2 |c
-1 3 0.3 |c:0.5 ca0:0.3 | d37 d39:+2 |a	ab37:-1 |b ba22:2.5 ba7 ba38:2.5 ba33
1 t302| d14:2.5 |b:2
1 3 -0.2 't112 | d29:2.5 color:red d4:.75 d1 |a:0.5  ab21  ab31  ab14 |c |b ba13:.75 ba33
id725627	1 1 |b |	d28 |a |a:1.5  color:green  ab6:2.5  ab20:2.5
1 2 |a:0.5 ab6 ab5 ab28 |b ba7:2.5 ba34:-1 ba12
-1 0.25 t964|c ca32:-1 color:blue |b  ba9  ba28 |a ab1:0.3 ab36 ab22 ab8:2.5 | d21:+2 |c
-1 0.25 t23|a:1.5 | d11:.75 :0.5 d27 |b ba26 color:green ba21
1 't656|	color:blue	d10:-1
1 1 0.1 't660 |b:1.5 ba13 ba22 |	d24:0.3	d7 |b:2
id382372	-1 0.5 |a:2  ab39:-1  ab9:1e-1 |c  :0.5
-1 t208| d31:2.5 :1.5 |a	color:green	ab36	ab33:1e-1
1 t916|b color:red ba32
1 't682|a	ab7 |c:2 ca30 | d20:+2
1 t870|  :-0.25  d8:.75 |c:2	:2	ca8:.75	ca37:.75	color:green |a  ab26  ab39:.75  ab1 |b |a	color:red	ab6:+2	ab20 |b:2
1 't922 |c:0.5 |b	ba28 |	d11	d28	d30:1e-1	d7
1 t399|  d8:2.5  d3:.75  color:blue |c  ca29:1e-1  ca8:-1  color:red  ca5 |b:1.5  color:blue  ba26:.75  ba37
-1 1 0 t386|c:0.5  ca6  :2  :0.5  ca33:.75 |b:2  ba39  ba6  color:red  ba19:+2 |a ab20 ab5:-1 ab11
1 3 0.1 t444|a |b  ba36:1e-1 |a	ab6:+2	ab7
-1 |a:1.5	ab30:1e-1 |c  ca12  :-0.25  ca20:-1  ca33:-1 |b:1.5 |
id690909	-1 2 |c |a	ab28:0.3 |b  ba16  ba21  ba0:.75
1 0.5 |b ba0 |c color:blue ca20:+2 |a
1 |c ca34 ca13:+2 |a	ab37:0.3	ab23	color:green
1 |  :1.5  d7  d28  :0.5 |b ba14 ba12
-1 | color:red d19:-1 |a:2 color:blue ab34:1e-1 ab39 |c
1 't628 |c ca12
-1 't224 |b |a ab31 ab28 color:red |c
-1 t352|a	ab1	ab11:-1 | |c:1.5 |b |a:2
-1 3 0.1 t87|  d16 |a:2	ab21:+2	ab32:+2	ab24
-1 0.25 0.1 't516 |	d39:1e-1 |c:0.5	ca14	color:red	ca15:1e-1
-1 |  d18:2.5 |c:0.5  :1.5  ca21:-1  ca23:2.5  color:green |b ba33 ba2 ba32:+2 ba13:+2 |a ab20 ab21 ab34:+2 ab24:+2
-1 0.5 -0.2 t566| d10:2.5 color:red |a ab2 ab36:-1 |c
1 0.25 |  color:red  d32 |b:2 ba16 ba12 |a
-1 0.25 0 't485 |a  ab22  ab10:1e-1
-1 0.5 |c ca16 | |b
-1 2 t759|b color:green |  color:blue |c |
-1 0.25 0 t956|b	color:green	ba34	ba0:-1 |a	ab34 |c color:blue ca35:1e-1 |b:2
1 0.25 -0.2 't554 |c:2	:0.5	ca16	:-0.25 |a	ab0	ab3:2.5
id868679	-1 0.5 |a:0.5  color:red  ab20 |c:0.5  ca15 | d19 d14:2.5 d17:0.3 |b	ba34:+2	ba21	ba38	ba27:.75
1 t65|a	ab26	ab9:0.3 |b  color:green  ba33:2.5  ba11 |c:1.5	ca21	ca25:+2	ca38	:-0.25 | d24 d22 d35:1e-1 d13:2.5
1 1 |c	color:green	:2 |a:2  ab36  ab5  ab35:0.3
1 1 |b ba15:-1 ba17:1e-1 | :-0.25 |c
-1 t204|b:1.5 ba32 ba5 ba24 |a ab20 ab10 |c |a ab0:1e-1 ab14
-1 t497|b:0.5 ba10:0.3 ba38:2.5
1 |c:0.5 :-0.25 | d38:0.3 color:blue d29:.75 :2 |a  ab22 |b:2  ba11  color:green  ba37:1e-1
-1 't135 | |b	ba20	ba11	color:green |c  ca26:+2  color:blue  ca15:2.5 |a
1 0.25 0 t911|c color:blue ca14:0.3 ca24:2.5 |a ab4 ab15 |b:2 ba33
1 0.25 0.3 | |a:2  ab27  ab10:.75
1 't65 |b color:blue ba0 ba18 |  d6  d26:+2 |a ab28:+2 ab9 ab13
-1 t387|c:2 color:green ca21 | d25 d5:2.5 |a
1 0.5 0.1 t837|a	ab24 |c	color:blue	ca30 |b |
id758699	-1 0.5 |b:2	ba2:2.5	ba26 | |c:2 |a:1.5 ab37 ab20 |a
1 't563|c:0.5 ca39 ca24:0.3 |  color:blue  d26:2.5 |a:0.5 ab33:-1 color:green ab9
1 0.25 0.1 t52|a color:red |b
1 0.25 0.3 t402|c:0.5
id340741	-1 3 |b ba10 |c
1 2 0.1 't726 |
-1 t617|b  color:red |c  color:red | d22:1e-1 d39:.75 d17:0.3 d16:.75 |a ab1:0.3 color:blue |
id819184	-1 2 |c ca15 :-0.25 :0.5 |a ab13 ab21 ab18:.75 |a:2	ab29:+2
1 1 0.1 |a ab20 color:red ab17:0.3 ab15:.75
1 't107 |c	ca34	:-0.25	:2 |b:1.5 |a:1.5 ab31 ab26 |c
-1 1 -0.2 | color:blue |a  ab35:2.5  ab7 |
-1 't383 |b ba6 |c :0.5
1 3 0.1 |b |a ab8 |c	color:blue	:2	:-0.25	ca13:2.5 |  :1.5 |
1 't934| |a	ab36
1 3 | d3:0.3
1 3 -0.2 t706|a:1.5  ab19 |b  ba21:2.5  ba23  ba35  ba27:0.3 |a ab4:2.5 ab17:.75 ab18:1e-1 ab1
1 't516| color:blue d37:+2 |b color:green ba2:.75 |a |c color:green ca37
-1 t463|c:1.5 ca16 ca14:0.3 ca36 ca32:+2
1 't609 | |c ca34 ca4 ca33 :1.5
1 |	:0.5	d36:1e-1 |b ba23:2.5 ba24 ba3:2.5 |a
1 3 0.3 |c:1.5 ca39:2.5 ca28:2.5 |b	ba20	ba27	ba28:0.3
1 2 0 't913 |  color:red
id617878	-1 0.25 |c  color:red  ca17:0.3  ca26 |a  ab28  ab15
-1 0.25 0.1 't713 |	d24 |b:0.5 ba1 |a ab13 color:blue ab31 |c	ca26:-1	color:blue	ca25:2.5 |a
1 3 t507|c  ca12:2.5  ca23:.75  :2  color:red
1 t4|c |	d39:2.5	d19	d5:2.5 |a:2 |b:1.5	ba7:0.3 |c
-1 t351|	:2 |b	ba10:-1
1 2 0 |a:1.5 |c	ca36:0.3	color:green | |c
1 0.5 0.1 |b	ba20	color:green |c ca5 ca3 ca2:-1 |a:0.5 ab14
1 't897|c:0.5 ca26:1e-1 |a color:blue ab20:-1 ab32 ab4:2.5
-1 0.5 | |a ab32 ab8
1 |a |c:0.5 ca25 color:red ca27:1e-1 |a:1.5
-1 1 0 't784 |b  ba30  ba24:+2 |a ab15:+2 color:green ab30
-1 |	d2:.75	d9 |c |a  ab6:0.3  ab10 |b:0.5
id882204	-1 0.5 |a  ab20:-1  ab29:2.5  ab10  color:red |b  ba5:2.5  ba3  ba13:-1 |a	ab34 |c
-1 | :1.5 color:blue |a ab24 ab37 ab4:2.5 |b	ba32 |c:0.5	:2	ca17:-1 |a  ab10:1e-1  color:red  ab0
1 't643|a:2	color:red
-1 |a ab34 |b
-1 't313|c:1.5 ca12:-1 ca29 ca20:2.5 ca23 |  d22  :-0.25 |b ba23:.75 color:blue
1 3 -0.2 |	color:red	d6	d2 |c |a:1.5	ab8:2.5	ab23:-1	ab9	ab13 |a
id429381	1 0.5 |c:2  ca33:+2  ca35:1e-1  color:blue |a	ab39	ab34	ab0:2.5	color:red | d34 d23 d17 d11 |b:0.5	ba21:+2
-1 |b	ba0 |b:2
-1 |c  ca37  color:green  ca14:-1 | :2 |a ab7 ab6 color:green ab25:1e-1
id361425	1 0.5 |c:2 :0.5 :-0.25 ca18:0.3 ca0 |b  ba0 |  d36  d34:.75  color:red |a:1.5  ab13  ab9  ab14
1 0.25 | d26:+2 d38:+2
1 0.25 0.3 't444 |b:0.5	ba33
-1 |c |a color:red ab5 ab33 ab16
-1 1 -0.2 't313 |b ba16 |a:0.5  ab23  ab7 |a:2
id245135	1 3 |a  ab14:0.3 |a ab15 ab25 color:blue ab37:-1
1 't895 |c:1.5 ca25 ca28 |b ba1 ba12 | color:green :-0.25 d20 |a |a
-1 t835|b:2 ba28 ba7 color:blue ba20:+2 |a |c  ca1:1e-1  :-0.25  ca34:+2 |  d12  d31:-1  d28:2.5 |b:2
-1 1 |b |c:2 ca12 color:green ca26 | d17:.75 d25:0.3 d22:-1
-1 0.5 t222|  color:red  d12
1 3 |  color:red  d1:+2  d11  d39 |a	ab23:-1	ab11:2.5 |b
1 3 |a	ab34:.75	ab35 | |c  :-0.25 |a	ab17	ab27
-1 1 |a:1.5 ab25 color:red ab8 ab34 |b:0.5 ba5:+2 ba21:+2 color:green ba38 | d11 d14 :0.5 :-0.25
1 't206 |b |a |c ca2 color:green |
-1 0.25 0 |a ab36 ab10:+2 ab16 ab34:1e-1 |c ca10:+2 |b	ba29:1e-1	ba30 | color:green |a	ab35:.75	ab39	ab27	ab15 |b:2
-1 |c |a ab7:-1 ab3:0.3 ab1
id271718	1 0.25 |c ca27 :2 ca39:.75 ca2:1e-1 |b:2  ba39:1e-1  ba28 |  d17:0.3  d9:.75 |a	ab29:0.3	ab6	color:red	ab33 |a
-1 0.25 -0.2 't6 |c	ca6	ca12:1e-1 |a:2 ab0 color:green |  :-0.25  d19
-1 0.25 t963|c |a:0.5	ab20	ab35:.75 |
-1 0.25 -0.2 |c ca26 ca36:+2 ca20:+2 color:blue | d32 d18 d21:0.3 d1:+2
-1 0.5 0 |a:2 ab8:.75 ab5
-1 2 0.1 't395 | |c  color:green
-1 3 t884|  d11  d8:+2  :1.5 |b |c
id96241	1 1 |a:0.5 ab8:-1 ab24:-1 ab30:-1 color:blue |c	color:red |b |a |
-1 0.5 0 |b	ba30	ba0	ba16 | |a ab14:-1
1 3 t200|c |b ba27 ba20
-1 2 t162| |b |c ca0:0.3
-1 3 0 | d16 d22 color:green |a	ab0:+2
1 't925|a	ab31	ab30:+2	ab6	ab4 |b | |c
1 2 0 't940 |  d24
-1 3 t715|a	ab27 |b:1.5	ba22:1e-1	ba1:0.3	ba2	ba21:0.3
1 t690|a:0.5 ab9:0.3 ab3 ab2 ab37 | :1.5 d29:.75 :0.5 :2
-1 't912|  d38:1e-1  :0.5 |a:2 ab25:-1 color:green ab37 |c:1.5  :1.5 |a ab10
-1 't589 | d3 d13:-1 |a ab18 ab39 |a |
-1 t404|b	ba28:+2	color:blue |c  ca33:1e-1  :-0.25  ca38 |a  ab10:0.3  ab34:-1
-1 t418|b  ba2  ba12 |a:2  ab25 |c  ca20  ca3  :-0.25 |	color:red	:-0.25
-1 t628|  d1  d23 |a	color:blue |c:2 ca30:.75 color:blue ca28:2.5 |a ab23 ab37:0.3
-1 2 |c color:green ca20 |a	ab30	ab39:.75 |  d36  color:red |b:1.5
-1 0.5 t483| d0 d16 color:green |b ba20:-1 color:blue ba27 |c ca23 :-0.25 :0.5
1 2 t565|c |a |b:1.5
1 't387 | :-0.25 d19:-1 d17:0.3 |b	ba11	ba17:+2 |c	ca36:2.5	ca6:-1	ca33	color:red |a	ab37	ab38	ab31
-1 2 0 't577 | d13:-1 d25:-1
1 0.25 0.3 t498|c	ca12 |a:2  ab25:+2  ab19  ab7
1 |a ab31:+2 |a
-1 't625 |a  color:blue  ab19  ab18 |b	ba25:2.5	color:green |c :0.5 ca34 |	d26
-1 2 |c ca37:2.5 |b ba31 ba36
-1 |a  ab36:1e-1
-1 | d26:1e-1 d38:+2 d39:0.3 |a  ab24  ab25:2.5
1 3 |a |c:0.5  :0.5  ca36 |b  ba25:2.5  ba19  color:blue  ba22:1e-1 |  d1  d24:+2  color:red  :2 |a ab38 ab30 ab15 ab32
-1 0.5 0.3 |b:2 color:red ba3:0.3 |a |a |
-1 t196|a ab14 |  d1 |c	ca37 |b  color:blue |a  ab24:0.3
-1 2 -0.2 't883 |b ba27 ba31
-1 2 |b color:green ba29:2.5 ba9:0.3 ba27:.75 |a  ab35  ab30  ab11:1e-1 |c ca31 :2 :1.5 |	d3	d39 |a ab18 ab6:2.5 ab16 ab38:-1
-1 't62 |	d31	d16 |a |
1 't834 |a ab29:.75 |c  ca2:0.3 | :-0.25
id522727	-1 3 |c:1.5	ca7	color:blue |b:0.5 ba36:.75 |a  ab30:2.5  color:green  ab15
-1 't177 |b |a:2 | |c color:blue :0.5 ca29:+2
-1 0.25 0.3 t831|	d6:2.5 |a  ab23  ab31:-1 |c	ca16:1e-1	ca7:-1	color:green	ca28:.75 |b:0.5 ba5 ba10 ba14
1 0.5 |b  ba35  ba23:+2  color:green  ba18:-1 |  :0.5  :1.5  d30 |a	ab15 |c |
-1 |c	:0.5	ca21 |  d6:-1  :1.5  d12
1 0.5 -0.2 t766| |b  ba13  ba5:.75  ba7  ba34 |a	ab16	ab22
1 1 0.1 |  :2  d22:0.3  :2
-1 t577|a:1.5	ab35	ab3	color:green |b ba0:.75 |b:2
-1 3 t382|c ca25:.75
-1 0.25 0 t726|c:0.5 ca18 |  d4  d9  d10  color:green |b	ba23:+2	ba2:-1	ba35	ba21:0.3 |a:0.5 ab35 color:blue
-1 't414| d25:-1 d6 |c ca28 ca4 ca19 color:green |a:0.5 ab14 ab37 |b ba24:-1 ba10:1e-1
-1 2 |b  ba34 |a:1.5
1 3 0.1 |b	ba31:0.3	ba30	ba24:2.5 |	d37:2.5 |c:1.5	color:red	ca27
1 2 t203|  d8 |c ca1 ca11 ca20:-1 ca33:1e-1 |b color:red ba4:-1 |a	ab20:.75	ab19
1 't447|c |a |b:1.5	ba19:+2	ba15
-1 2 0.3 |a:1.5 color:red ab39:0.3 ab32:1e-1 ab37:1e-1 |c |  d25:2.5 |b:2
-1 0.5 -0.2 't142 |c  ca24:2.5  ca6:-1
-1 |c ca27:.75 |a ab24 ab17 ab7 ab19:.75 | d29:+2 |c
-1 0.25 0.3 | |a:1.5 ab14 ab25:1e-1 ab24 ab28 |b ba30:-1 color:green
1 3 0.1 't369 |b ba15 ba6 | :-0.25 |c	color:red
-1 3 -0.2 t486|c:2  ca14  :0.5  :0.5 | d13:0.3 color:green d2:+2 |b:2 ba37:-1 |a
-1 0.5 t237|c ca31 ca38 ca4:+2
-1 2 0 t49|a	ab6	ab23	ab14 |b:1.5 |a color:blue ab26:0.3
-1 0.25 -0.2 t528|b  ba32:-1 |c:2 | d7:.75 :-0.25 d27:+2 d36:1e-1
-1 0.5 0.1 |c ca18:.75 ca4:-1 color:green | :2 d7:+2 d1:2.5 :0.5 |a:2  ab28 |b	color:blue
-1 0.25 0.1 't260 |b:2	ba37:2.5	ba31	ba26 |  d25:.75 |a ab29:+2 ab8:1e-1 |c color:blue
-1 0.5 t250|b ba19 ba20 |a  ab39  ab29  color:blue |c	color:blue	ca39:+2
-1 't461|a ab26 |c:1.5	ca27	ca4:.75	ca25:1e-1
1 0.25 | d10:+2 color:blue |a:0.5 ab13 |c:0.5  ca5  :-0.25  :-0.25 |b
1 0.5 t720| :1.5 d16:+2 d17 |b  ba26  ba9  ba36  color:blue |a ab22 color:red ab21:1e-1 |c:1.5  ca11  ca19:-1  ca7:2.5
1 1 -0.2 t568| d35 color:blue d31 |b |c:2  ca35:-1  ca25:+2 |a
1 0.25 0.1 t889| |c  ca1  :1.5  ca9:2.5  ca0:+2 |a  color:blue  ab27  ab22
1 0.25 0 |  d13  :2  d2:0.3  d30 |a  ab38:.75  ab13:+2 |c	ca10 |b ba37 ba27 color:red ba39
-1 't939|a |a:1.5	ab29	color:blue	ab8	ab6:1e-1 |
1 1 | color:red d19:.75 |a ab28:1e-1 color:blue
1 0.25 |a	ab35:0.3 |b:1.5	ba19:0.3	ba25:1e-1	ba21:.75 |	d33 |a |
-1 't351 | d31:2.5 d0:1e-1 color:red d17:1e-1 |b  ba29 |a ab27 ab9:-1 |a
id781899	-1 1 |b ba29:2.5 ba17:0.3 ba16 |c ca27:.75 ca24:-1 |c
1 't569 | color:red |a |c |b |a:1.5 ab10:2.5 |
-1 2 -0.2 t400|c:1.5	ca12 |a ab11 ab10:-1 | |a ab8 ab31:+2
1 1 0.1 't216 |b  ba31  ba7  ba22  ba20 |
-1 2 t299|b:0.5 ba7 |a  ab31:0.3 |a ab21:.75
1 2 t617|c  ca22 |  color:red  d30:.75 |a:1.5  ab34  ab4:0.3  color:green  ab29
-1 't739 | d1:.75 d15 d13:2.5 :1.5 |c ca20:1e-1 |a	ab25:1e-1	ab26	ab36	ab10
id384754	-1 2 |b	ba3	ba28:0.3 |c  ca0:2.5  ca38 |a ab25
-1 't738|c:0.5  ca15:0.3 |  d22:1e-1  d20  :1.5  d16
-1 2 0.3 |c  color:blue  ca1  :2 |c
1 0.5 t852|  d0  d35  d1 |a:2 ab29 |a:2 ab19 |b:2
-1 't165 |a color:blue ab34 ab10 ab20 | d3:.75 d0 color:red |b color:green ba23:2.5 |c  ca9:1e-1 |a:2
1 1 0.3 t111| d14:-1 |b:2
1 't613|a ab25 ab14:.75
-1 0.25 0 't185 |c ca27 color:red ca11:+2 |a	ab17	ab37:+2	ab19	ab15 |	color:green	:2 |b  ba18 |a:2  ab35
-1 |
1 t609|a	ab30	ab32:0.3	ab3	ab20 |  color:red  d30:-1 |c :1.5 :2 ca22 |b	ba17	ba5	ba33
1 2 0 |b |	d38:0.3 |a:2  ab28:1e-1 |b:2
-1 3 t660|
1 't227 |	d5	color:blue |c  color:blue  ca22  ca10:-1  ca6
-1 1 0.1 't353 |a	ab3	ab15 |b
1 t419|	d36	d7:2.5	d8 |a:1.5 ab11 |b:0.5	color:red
id745411	1 1 |c :1.5 :1.5 color:blue :1.5 |
-1 0.25 0.3 t403|b ba4 ba22 ba25:+2 ba14 | |c	ca0
1 0.25 |b
-1 |c :1.5 :2 color:blue | |
-1 |a  ab15:.75  ab28  ab0:-1  ab34:2.5 |a
-1 0.25 0.1 |b:2 |a ab14 ab36 ab3 ab7
-1 t612|c	ca8:0.3
id607979	1 2 |b	ba7	color:red	ba29:-1	ba25 |a:0.5  ab2  ab15 |c	color:green	ca13:2.5	:1.5 | color:red d20
-1 0.25 t120|c:0.5 ca23:.75 ca31:.75 |a:0.5  ab18:0.3  ab15:0.3  ab13
1 |b  ba38:.75  ba6:+2  color:red  ba23 |a ab18 |b:2
1 2 -0.2 't912 |c:0.5  ca25  ca34
1 |c |b ba23 color:blue ba13:-1 ba6
-1 't688 |a color:green ab35
1 t162|c :1.5 ca17 ca10 |a  ab26:.75
id378418	-1 3 |b:1.5 ba36:1e-1 ba5 |a	ab16:.75	ab35	ab2 |a  ab0  ab11:+2
1 |a:1.5	ab33:-1	ab13:.75	ab34	ab0:.75 | d26 |c:2	:0.5 |b ba28 |c
1 't893|b:0.5 ba2:.75 | :0.5 :-0.25 :1.5
1 0.5 -0.2 | d9:-1 d35:0.3 color:green |b:2
-1 2 0.3 |b |c:0.5	ca1 |a	ab15:+2 |c
-1 't530|b:2 |c  ca30  ca9  ca31:2.5  color:green | :0.5 d0:-1
-1 1 t13|a	ab34:1e-1	ab13	color:green |b:1.5 color:blue |a:0.5 ab5:2.5 ab6:+2 ab30 ab20:+2
id209539	1 1 |a |	color:green	d2	d38:-1 |
1 't986 | |b:2 |c ca29:.75 ca9 ca32 ca11 |a:2 ab13:2.5 ab25:1e-1 ab29:1e-1 |a
1 3 0 t772|c  ca1 | |a ab32:.75 ab8 ab11:0.3 |c
1 0.25 -0.2 t250|  d18:1e-1  d12:0.3 |b  color:blue  ba9:2.5 |a:1.5 ab2 ab15:+2 ab0 |c color:red ca20:.75 |a:2  ab33:-1  ab27  ab7:1e-1
1 1 -0.2 |a  ab28  ab2 |	d13	d10	d14 |c ca21:.75
id422309	1 0.5 |a  ab21  ab11:+2  ab35  ab32 |a:2 ab0:1e-1 ab37:-1 ab7:2.5
-1 't498 | d28:+2 d39 |a:1.5 ab3:1e-1 ab1 ab25
-1 1 0 | color:blue d22 d28 d1 |a  ab24:+2  ab2:2.5  ab38
-1 1 0.3 t973|b ba0 ba22 |a:1.5 ab6:0.3
-1 't774 |
-1 3 0.1 |  d22  :1.5  d21:+2  d24 |a  color:red  ab13  ab8 |c:1.5
id848457	1 0.25 |b	ba31 |a	ab15
1 |b	ba6	ba26:+2	ba33 |c |a	color:blue	ab13	ab15 |
1 3 0.1 t206|b:1.5 ba14 ba1 |	color:blue	d36	d30:1e-1 |a	ab25:+2	ab33:.75 |c ca12 :0.5 ca19
1 2 |c :2 ca26:1e-1 ca11 |
-1 3 |c:2  ca26:-1  ca3:0.3  :0.5  color:green |	d8:-1	color:green	:0.5 |b |a
-1 0.25 t75|c ca33:2.5 ca34 |  :2  d6  :-0.25 |b	ba13:.75 |a:2 |a	ab8
1 0.5 |b:2  ba27  ba23  ba35 | |a:2  color:green |c  ca27:0.3  ca24  ca31:1e-1  :-0.25 |a:0.5	ab5	ab15
-1 |c color:red ca13:1e-1 |b:2 ba13:.75 color:green |	color:green	:1.5 |a:2	ab34
-1 0.5 t269|b:0.5  ba10  ba15 |c | |a:0.5 color:green ab39:0.3
1 0.25 0.3 't55 |a color:green
-1 2 0.1 't137 |  d8  :1.5  :-0.25 |b:0.5 color:green |c ca37:-1 :0.5 ca17:-1 ca5:.75 |a	color:blue	ab14 |a
-1 3 |c ca31:-1 |b:1.5 |a	ab25	ab28:2.5	ab0:0.3	ab10:+2 |a ab14 ab11:2.5 ab34:1e-1 ab32
1 3 0 't341 |a  ab22  ab11 |b |c
1 3 0.1 t300|c  ca9:+2  :2  ca14 |a ab38:+2 ab9:1e-1 ab32
-1 |c	ca16:1e-1
id914752	-1 0.5 | |a:0.5 |b ba14 color:blue |c:1.5 ca31 ca34:0.3 ca11 ca32:0.3
-1 3 t614|b color:green ba22 |c |a:2  ab31:2.5  ab5:+2  ab13:.75  ab22 | d10 :0.5 d34:2.5
1 1 0 |b ba30:-1 ba5 color:blue ba3 | |a ab12 ab23:-1 color:red |c  ca21  ca11:+2  ca31
-1 't72|c :0.5 |a	color:red	ab25 |	color:green	d6:1e-1	d19:0.3
-1 1 t328|b |c:1.5 color:green | :0.5 d16:-1 d26:.75 d7:-1 |
id614076	-1 3 | color:red d29:.75 d22:+2 |b:2
1 t455|a:1.5  ab34:1e-1  color:blue  ab30  ab7 |c:1.5 | |a:2 ab21:2.5 ab15:2.5 ab1 ab39:1e-1
1 | d38:0.3 d18 d36 |a:2 ab17 |b |c:1.5 color:green
1 t492| d14:0.3 d4:2.5 |a  ab10  ab19  ab7  ab6 |c:2 |b:2 |
1 0.5 -0.2 't855 |b:0.5  ba3  ba8:.75 |  d8  d31 |a  ab2:0.3  ab1  ab11
-1 't652|a	ab20	color:blue | :2 color:red d14:+2 |b  color:red  ba11:.75  ba33:+2 |c	ca14	ca4	ca7:-1
-1 |b |a:1.5 |	color:blue	d39:-1 |c  color:blue
1 t936|a	ab9	ab23:1e-1 |c:0.5 |b	color:blue	ba1	ba31:2.5 | |a |b:2
-1 t577|a |c :0.5 |a
-1 't993 |c	ca15 |b	ba38:1e-1	ba33:-1	ba23 |a	ab36	ab10	color:blue | d30:0.3
1 |a  ab9:+2 |b
-1 1 0.1 't693 |c |a:2	ab26:1e-1	ab30:.75	ab22 |b color:green
-1 3 0.3 't56 |c	:1.5	ca16	color:blue |a ab3:.75
1 0.25 0 | |a	ab15	ab20:0.3	ab14	color:blue |a ab16:+2 ab21:.75 ab11 |
-1 t231|  d36:0.3  :1.5  d30:1e-1 |a:2 ab24:-1 ab1:0.3 |b  ba30:.75  ba13 |c:2 ca2:-1 color:blue ca37 :2
1 't850 |b:2 |a ab13:.75 ab34 ab29:-1 ab15 |c:0.5 ca22:+2 |a:1.5
1 0.25 0.3 t723|b:2  color:red | d8 d37 |a ab5 ab33:+2 color:blue ab32 |c ca2:-1 ca22
-1 1 0.3 t44|  :1.5 |a ab16 |c
1 3 |c:1.5 |a:2 ab17 ab3
-1 0.5 t462|  d9:+2 |a  ab12:-1  ab34  ab36  ab5 |c ca13:.75 ca20:0.3 |a  ab10:.75
1 't530 |c |b:2  ba12  ba8:+2  ba2:.75  ba30 | d0 :-0.25 |a ab8 ab33:-1 |
1 | |b:0.5 ba30 ba14:1e-1 ba4
1 't660|  d26  :0.5  d18 |c	ca0	ca15 |b:0.5  color:red  ba31:.75 |b:2
-1 2 t21|a  color:red  ab15  ab3  ab22
id559473	1 1 |c:0.5 |b | d28:1e-1 :-0.25 d35 |a  color:blue |c
1 0.5 t675| d16 color:green |c :2 |b:2  ba36  ba0:+2 |
-1 1 0 't612 |a ab39 color:red |c | d17:-1 d9:0.3 :0.5
1 1 0 't497 |c ca17 :2 |a:0.5 ab11:+2 ab29:+2 ab16 ab10 |c
id762014	1 0.5 |b:2 color:green ba3:-1 ba37 |a |
id738311	-1 0.5 |a ab15 color:red |  d33 |b	ba29	ba9:+2	ba5:+2 |c |b:2
-1 't618 |b	color:blue	ba28 |a:0.5 color:blue ab1:-1 |	d7 |c:1.5  :-0.25
-1 |c	:2	color:red	ca26:-1 |a |b | d37:+2 d9:2.5 d29:-1
1 1 |b:0.5 ba34 |a ab37:1e-1
1 0.5 0 't873 |c:2 color:blue ca2:+2 |a
1 't420|a ab19:.75 |c:1.5  ca24:0.3
1 't345 | d36:1e-1 d5 |a ab20 |b ba33:-1 ba29 ba18
-1 t874|a |b ba26 ba5:1e-1 ba14:-1 |
1 2 -0.2 |a:1.5  ab21:2.5 |c:0.5	ca16 |b:1.5 |
-1 | |a  ab27
-1 0.5 0 't116 |c  color:blue  ca33  ca10:2.5  :-0.25
-1 0.25 t230| d38:1e-1 d27 |c ca0:1e-1 |a:0.5 ab17 |b ba20:-1
-1 t492|  :2  d36:0.3 |a  ab6:.75  ab35  ab2 |a:1.5
-1 0.5 0.3 |b:1.5	color:green |c ca13:.75 :-0.25 color:green ca19:1e-1 |a ab34
-1 t940| d2 d6:+2 |c color:red |b  ba5  ba23:.75 |c
-1 't463|a ab17:.75 |c
-1 |a  ab5:.75
1 0.25 0 t514|b	ba36	ba8	ba33:+2	ba1 |a ab22
1 | color:green d30:+2 |b  color:blue |c  :2
1 0.5 -0.2 't181 |b |a	color:green
-1 2 -0.2 t663|b |	d17:1e-1	d38	d7:+2	color:red |a:1.5	color:blue |a:2
1 3 -0.2 t551|b ba31 ba34 ba1:+2 |
-1 't772|a	ab27:+2	ab38	ab32	ab14 |c ca22:+2 ca37 | d31:-1
1 |a  ab35:0.3  ab12  ab31:2.5  ab22:.75 |b:1.5	color:blue	ba6:0.3 |a  ab8 |b:2
1 3 -0.2 t801|b  color:red |a:1.5 color:blue ab25 ab7:-1 ab15 |c	ca39:0.3	ca2	ca32 |a	ab33	ab39 |
1 1 |c:2 color:red | |a	ab24	ab1
1 3 t786|c ca14 color:red ca21 |a
-1 0.25 0.1 't0 |c
1 0.25 0.3 |c:1.5 ca31:0.3 ca22 | d29 color:red |b  color:blue  ba12  ba32:0.3 |a:1.5
1 |a |c	ca5:0.3	ca17:.75 | d17
1 't739 |  d11:-1 |a:1.5 |a
1 3 0 t350|b:2 ba10 |c ca21 :1.5 |a ab13 |	d37:1e-1	d14:2.5
1 t518|a	ab25	ab24:.75 |c  ca24  :0.5  ca17  ca25 |b:2 |a color:green ab27:0.3 ab31:1e-1
1 |b |a:1.5
-1 0.25 0.1 t511|c  ca22  :-0.25
-1 0.5 |b ba19:2.5 |  d10 |c:1.5	color:blue	ca12:-1	:-0.25 |a  ab28:-1 |a color:red
1 0.25 -0.2 t809| d12:-1 d27 d21 |c  ca34:+2 |b  ba19:2.5  ba2  ba28 |a:1.5 color:green ab6
1 |b	ba22:.75	ba30 | color:blue d37 :0.5 d11 |a
-1 t418|c	ca32:-1	:-0.25 |a  ab29  ab8  ab9:+2  ab11:-1 |	d11:1e-1	d14	d15	:2 |a ab20 color:red ab35
1 |a:0.5 |b:1.5  color:blue  ba22:0.3 |c  color:green  :0.5 |	d15:-1 |b:2
-1 0.5 0 't843 |b:1.5 ba3:1e-1 ba26 |c:2 | d21:1e-1 d11:1e-1 color:red d10 |a:0.5
1 't38 |a
id678872	-1 0.25 |b	color:blue	ba25	ba37:+2 |a:0.5 ab1 ab24:.75 color:red
1 't79|a  ab0  color:blue | :1.5 |c
1 3 -0.2 t809|a |c	ca5	ca1:2.5	ca3:0.3 |b:0.5	ba13	ba30	ba10	ba5 |a:0.5 color:green ab22 ab21:1e-1 ab38:.75 |
-1 't131|b  color:red  ba11 |a:2 ab0 ab33:.75 |c:0.5 color:red
1 1 0 't279 |c:2  ca30:2.5 |a ab13
1 0.25 0 t777|c:0.5	ca27	ca37:2.5	ca16:.75 |a:1.5 ab26:2.5 ab30 ab9:1e-1 ab22
1 't888|a	ab32	ab17	ab24 |a	ab36:-1	ab21
1 0.25 0.1 t737|	d2:1e-1	color:red	d20:+2	d6:0.3 |c |b:1.5 ba3 ba24 |a
1 2 0 |a	ab0:0.3	ab37:1e-1	ab10:0.3	ab14:2.5 |c color:blue |b:2
1 2 0 't952 |c:0.5 :2 ca9:1e-1 ca2:1e-1 color:green
-1 't402|c:2  ca39  ca15 | d26 color:blue d2:+2 |a:1.5 |b:2
-1 1 |a	ab14	ab7	color:red
-1 0.25 0 't685 |b |c ca26:+2 | d39 d5:+2 :-0.25 |a ab27 ab18
1 2 t750|c:1.5  color:green  ca37:2.5 |a |
1 1 -0.2 |c ca33 |a ab14:-1 ab12:.75 | d9 :-0.25 |b  ba17:1e-1  ba20:1e-1  ba1:.75  ba32 |a	ab6	ab2	color:red	ab20
-1 2 0.1 t750|c ca20:-1 ca37 |a  ab24  ab26  ab13 |b |
-1 t286|c ca24 color:blue :2 |a  ab30
-1 't354 |a:0.5 color:green ab1
-1 3 t394|b  color:red  ba28  ba10:-1 |	d10	:0.5	color:green	d5:0.3 |a ab25:+2 ab37 |c:2	:-0.25	ca30	ca7
-1 't916|a	color:blue	ab14	ab33 |c  ca0  ca2  ca36 |	:2 |b color:red
1 |a color:green ab28 |b:2 |c
id983791	-1 0.25 | color:red d31 |b color:blue ba33:0.3 |a color:green ab23
1 0.25 0.3 | |c |a:1.5 ab9 ab36
-1 0.5 t741| d5:1e-1 d31:1e-1 |a	ab37
1 't313 |a |c :1.5 ca38 |b  ba5  ba26  ba6  ba39
1 |c :0.5 ca27 ca14:.75 color:green |	d29:1e-1 |b:2  color:blue |a:2 ab4
1 3 0 | |c ca24 ca31:-1 |a  color:green  ab1:+2  ab5  ab7:1e-1
1 |b:1.5 |c	color:red	ca19	ca29 |	d5 |a  ab21:1e-1  color:green  ab36
1 1 |a color:blue ab26:2.5 ab5:-1 |a  ab33:.75  ab39:-1  ab28
1 t713|a |c ca2:1e-1 color:green :0.5 ca37:+2
1 3 |c |a:0.5 ab4:+2 ab33 |b:1.5
-1 2 |a:0.5 |
-1 't384|
-1 1 t423|c |b	ba36	ba4	ba23	ba14 |a  color:red
1 2 0 t950|b  ba13  ba37  ba36:.75 |c:1.5  ca17:1e-1 |
1 |c |b ba33:2.5 |a  ab3  ab35  ab31 |
1 2 0.3 t622|c ca12:2.5 ca30 | |b ba18 ba13 ba37:0.3 ba31 |a	color:green
-1 3 0 t550|c color:red :2 |b:2  ba20  ba13 | d30 color:red d4 |a
1 1 |  d27:2.5  d37 |a
1 |b:1.5  ba24:0.3  ba13  ba16:1e-1 |c:1.5 |	:0.5	d38	:2	d3:2.5
1 0.25 0.3 t551|a  ab13  color:green | |c color:blue ca33 ca8:2.5 |b  ba15  ba13  ba17  ba19 |a ab20 ab27 ab9 ab2
1 0.25 0.3 't930 |b color:red
-1 |a:0.5 |b  ba16
-1 't280 | |a  ab35:-1  color:green  ab8:+2 |c  ca23 |b	ba31:2.5 |a	ab5
id824857	-1 0.5 |c  ca10:+2  ca35 |a	ab30	ab11:-1	ab14:2.5	ab4:2.5
1 1 t333| |b ba24:+2
1 1 0 't700 |  d0  d7  color:blue  :-0.25 |b  color:green
1 't7 |  d13:1e-1  d24:+2 |b	color:red
1 't682 |c |b |a	ab17:1e-1	ab19:.75
1 't222|  d30:0.3 |c	ca16 |a color:green ab39 ab20 |b  ba12 |a
-1 t477|a:0.5 color:green ab25:-1 ab0 |b:2
-1 't453|  color:blue  d36:1e-1  d15:2.5 |c:2 ca20 ca26 ca24:0.3 |a  ab29  ab18  ab16:0.3  ab8
1 t474| d22 |b ba20:-1 ba9 color:red ba28:-1 |a:0.5 ab37 |c:1.5 |a ab31 ab9:2.5 ab29
-1 |b:1.5 ba14 |c	ca16	ca18:1e-1	:1.5 |	d11:.75	d22 |a
1 0.25 0.1 't834 | d32:.75 |a:2 |b:2
-1 1 t277|a ab8 ab1:.75 ab28:1e-1 | |c
1 2 0.1 't273 |c:2 :-0.25 ca36 ca30:1e-1 ca3 |b ba12:1e-1 ba9:-1 color:red ba29:0.3 | |a ab22 ab15 |b:2
1 | |a:2 ab28:2.5 color:blue |b  ba0
1 't426|a:1.5	ab35 |c	color:red |b ba17 ba32 ba18:+2
-1 3 0 't111 |c ca24 ca14 ca5 ca19 |b:2  color:green
1 2 0.3 |b:2	ba22:0.3	ba37	ba13	color:blue |c
-1 1 0.1 |b ba15:+2 |c	:1.5 | d20:2.5 d3:0.3 color:red |a:2 ab7
-1 0.25 0 |a ab21 |c ca22:0.3 ca15 ca2 ca7:1e-1 | d24:0.3 d28:1e-1 d26 :2 |a  ab18:+2
1 2 |b:0.5	ba8:0.3	ba38	ba11 |a:1.5 | d11:.75 d15:1e-1 d8:0.3
-1 3 t608|b |c ca1 ca0 ca17:1e-1
1 't312|c :0.5 :2 | d19:2.5 d24
-1 3 0 |a
1 1 t608| d22 |b	ba24	ba16:2.5	ba34 |c ca17:1e-1 ca32:2.5 ca9:.75 color:blue
1 0.25 0.1 t287|b color:red | d38 |a:0.5	ab39:+2	ab23:-1 |a
1 1 t245|a	ab26	ab7 | d24:.75 color:blue |c ca25:.75 ca19 ca28:.75 |c
-1 't623 |c	ca32	ca14	ca31:.75	ca0:+2
-1 |c ca2:1e-1 color:blue ca21:0.3 |c
-1 |c  ca25
-1 0.5 -0.2 't209 |  :1.5  d1:.75 |a  ab29:+2 |b	color:red	ba2	ba3 |c |a ab36 ab7:1e-1
1 t759|b:2 ba39 ba12 ba1:+2 ba6 |a
1 t275|b | |a color:red |c:1.5 ca24:.75
1 0.5 0 't524 |a ab7 ab9
1 1 0.1 |b:2	ba20:-1	ba4	ba15:.75 |c
1 t982|c	color:red	:1.5	ca9:0.3 |
-1 1 0 t593|b:2 ba20 ba22 ba38 ba8:2.5 |c:2  :2  :1.5 | d37:2.5 d10 d12:0.3 |a	ab8:0.3	ab21
1 3 t34|b ba21 ba24:2.5 | d21:+2 d9:2.5 d6:+2 d19 |a ab18 ab15:2.5 |c :-0.25 :-0.25 ca29:.75 |a ab29 ab39:+2 |b:2
-1 3 t700|b	ba21:1e-1	ba7	ba14	ba5:.75 | :1.5 color:blue |c:2 ca19:.75 :0.5 |a:0.5	ab29	ab37	ab10:+2	ab35 |
id679443	1 2 | color:green d11:0.3 d25:1e-1 d6 |b	ba37:2.5	ba35:+2	ba5:1e-1	ba18 |a  ab38:+2 |
1 t200|  d38  d34  color:blue  :-0.25 |b:1.5 |a ab37 ab0 ab9:0.3 |c |a ab12 ab30:2.5
