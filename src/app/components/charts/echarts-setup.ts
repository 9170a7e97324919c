// The parts of ECharts the app draws with, registered once; this module is only ever imported dynamically, so the
// library stays out of every bundle but the pages that chart something.
import { init, use, type EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, PieChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { init, type EChartsCoreOption };
