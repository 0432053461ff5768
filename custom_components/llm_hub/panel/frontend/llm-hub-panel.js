var He=Object.defineProperty;var Be=Object.getOwnPropertyDescriptor;var d=(i,t,e,s)=>{for(var r=s>1?void 0:s?Be(t,e):t,o=i.length-1,n;o>=0;o--)(n=i[o])&&(r=(s?n(t,e,r):n(r))||r);return s&&r&&He(t,e,r),r};var ee=globalThis,te=ee.ShadowRoot&&(ee.ShadyCSS===void 0||ee.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,de=Symbol(),Ae=new WeakMap,F=class{constructor(t,e,s){if(this._$cssResult$=!0,s!==de)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=t,this.t=e}get styleSheet(){let t=this.o,e=this.t;if(te&&t===void 0){let s=e!==void 0&&e.length===1;s&&(t=Ae.get(e)),t===void 0&&((this.o=t=new CSSStyleSheet).replaceSync(this.cssText),s&&Ae.set(e,t))}return t}toString(){return this.cssText}},Se=i=>new F(typeof i=="string"?i:i+"",void 0,de),b=(i,...t)=>{let e=i.length===1?i[0]:t.reduce((s,r,o)=>s+(n=>{if(n._$cssResult$===!0)return n.cssText;if(typeof n=="number")return n;throw Error("Value passed to 'css' function must be a 'css' function result: "+n+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+i[o+1],i[0]);return new F(e,i,de)},Ee=(i,t)=>{if(te)i.adoptedStyleSheets=t.map(e=>e instanceof CSSStyleSheet?e:e.styleSheet);else for(let e of t){let s=document.createElement("style"),r=ee.litNonce;r!==void 0&&s.setAttribute("nonce",r),s.textContent=e.cssText,i.appendChild(s)}},he=te?i=>i:i=>i instanceof CSSStyleSheet?(t=>{let e="";for(let s of t.cssRules)e+=s.cssText;return Se(e)})(i):i;var{is:Ke,defineProperty:Ve,getOwnPropertyDescriptor:Ge,getOwnPropertyNames:Xe,getOwnPropertySymbols:Ze,getPrototypeOf:Qe}=Object,se=globalThis,ke=se.trustedTypes,Ye=ke?ke.emptyScript:"",et=se.reactiveElementPolyfillSupport,H=(i,t)=>i,B={toAttribute(i,t){switch(t){case Boolean:i=i?Ye:null;break;case Object:case Array:i=i==null?i:JSON.stringify(i)}return i},fromAttribute(i,t){let e=i;switch(t){case Boolean:e=i!==null;break;case Number:e=i===null?null:Number(i);break;case Object:case Array:try{e=JSON.parse(i)}catch{e=null}}return e}},re=(i,t)=>!Ke(i,t),Te={attribute:!0,type:String,converter:B,reflect:!1,useDefault:!1,hasChanged:re};Symbol.metadata??=Symbol("metadata"),se.litPropertyMetadata??=new WeakMap;var M=class extends HTMLElement{static addInitializer(t){this._$Ei(),(this.l??=[]).push(t)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(t,e=Te){if(e.state&&(e.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(t)&&((e=Object.create(e)).wrapped=!0),this.elementProperties.set(t,e),!e.noAccessor){let s=Symbol(),r=this.getPropertyDescriptor(t,s,e);r!==void 0&&Ve(this.prototype,t,r)}}static getPropertyDescriptor(t,e,s){let{get:r,set:o}=Ge(this.prototype,t)??{get(){return this[e]},set(n){this[e]=n}};return{get:r,set(n){let h=r?.call(this);o?.call(this,n),this.requestUpdate(t,h,s)},configurable:!0,enumerable:!0}}static getPropertyOptions(t){return this.elementProperties.get(t)??Te}static _$Ei(){if(this.hasOwnProperty(H("elementProperties")))return;let t=Qe(this);t.finalize(),t.l!==void 0&&(this.l=[...t.l]),this.elementProperties=new Map(t.elementProperties)}static finalize(){if(this.hasOwnProperty(H("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(H("properties"))){let e=this.properties,s=[...Xe(e),...Ze(e)];for(let r of s)this.createProperty(r,e[r])}let t=this[Symbol.metadata];if(t!==null){let e=litPropertyMetadata.get(t);if(e!==void 0)for(let[s,r]of e)this.elementProperties.set(s,r)}this._$Eh=new Map;for(let[e,s]of this.elementProperties){let r=this._$Eu(e,s);r!==void 0&&this._$Eh.set(r,e)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(t){let e=[];if(Array.isArray(t)){let s=new Set(t.flat(1/0).reverse());for(let r of s)e.unshift(he(r))}else t!==void 0&&e.push(he(t));return e}static _$Eu(t,e){let s=e.attribute;return s===!1?void 0:typeof s=="string"?s:typeof t=="string"?t.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(t=>this.enableUpdating=t),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(t=>t(this))}addController(t){(this._$EO??=new Set).add(t),this.renderRoot!==void 0&&this.isConnected&&t.hostConnected?.()}removeController(t){this._$EO?.delete(t)}_$E_(){let t=new Map,e=this.constructor.elementProperties;for(let s of e.keys())this.hasOwnProperty(s)&&(t.set(s,this[s]),delete this[s]);t.size>0&&(this._$Ep=t)}createRenderRoot(){let t=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return Ee(t,this.constructor.elementStyles),t}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(t=>t.hostConnected?.())}enableUpdating(t){}disconnectedCallback(){this._$EO?.forEach(t=>t.hostDisconnected?.())}attributeChangedCallback(t,e,s){this._$AK(t,s)}_$ET(t,e){let s=this.constructor.elementProperties.get(t),r=this.constructor._$Eu(t,s);if(r!==void 0&&s.reflect===!0){let o=(s.converter?.toAttribute!==void 0?s.converter:B).toAttribute(e,s.type);this._$Em=t,o==null?this.removeAttribute(r):this.setAttribute(r,o),this._$Em=null}}_$AK(t,e){let s=this.constructor,r=s._$Eh.get(t);if(r!==void 0&&this._$Em!==r){let o=s.getPropertyOptions(r),n=typeof o.converter=="function"?{fromAttribute:o.converter}:o.converter?.fromAttribute!==void 0?o.converter:B;this._$Em=r;let h=n.fromAttribute(e,o.type);this[r]=h??this._$Ej?.get(r)??h,this._$Em=null}}requestUpdate(t,e,s,r=!1,o){if(t!==void 0){let n=this.constructor;if(r===!1&&(o=this[t]),s??=n.getPropertyOptions(t),!((s.hasChanged??re)(o,e)||s.useDefault&&s.reflect&&o===this._$Ej?.get(t)&&!this.hasAttribute(n._$Eu(t,s))))return;this.C(t,e,s)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(t,e,{useDefault:s,reflect:r,wrapped:o},n){s&&!(this._$Ej??=new Map).has(t)&&(this._$Ej.set(t,n??e??this[t]),o!==!0||n!==void 0)||(this._$AL.has(t)||(this.hasUpdated||s||(e=void 0),this._$AL.set(t,e)),r===!0&&this._$Em!==t&&(this._$Eq??=new Set).add(t))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(e){Promise.reject(e)}let t=this.scheduleUpdate();return t!=null&&await t,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,o]of this._$Ep)this[r]=o;this._$Ep=void 0}let s=this.constructor.elementProperties;if(s.size>0)for(let[r,o]of s){let{wrapped:n}=o,h=this[r];n!==!0||this._$AL.has(r)||h===void 0||this.C(r,void 0,o,h)}}let t=!1,e=this._$AL;try{t=this.shouldUpdate(e),t?(this.willUpdate(e),this._$EO?.forEach(s=>s.hostUpdate?.()),this.update(e)):this._$EM()}catch(s){throw t=!1,this._$EM(),s}t&&this._$AE(e)}willUpdate(t){}_$AE(t){this._$EO?.forEach(e=>e.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(t)),this.updated(t)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(t){return!0}update(t){this._$Eq&&=this._$Eq.forEach(e=>this._$ET(e,this[e])),this._$EM()}updated(t){}firstUpdated(t){}};M.elementStyles=[],M.shadowRootOptions={mode:"open"},M[H("elementProperties")]=new Map,M[H("finalized")]=new Map,et?.({ReactiveElement:M}),(se.reactiveElementVersions??=[]).push("2.1.2");var ve=globalThis,Ce=i=>i,ie=ve.trustedTypes,Re=ie?ie.createPolicy("lit-html",{createHTML:i=>i}):void 0,De="$lit$",U=`lit$${Math.random().toFixed(9).slice(2)}$`,je="?"+U,tt=`<${je}>`,J=document,V=()=>J.createComment(""),G=i=>i===null||typeof i!="object"&&typeof i!="function",$e=Array.isArray,st=i=>$e(i)||typeof i?.[Symbol.iterator]=="function",pe=`[ 	
\f\r]`,K=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Pe=/-->/g,Me=/>/g,j=RegExp(`>|${pe}(?:([^\\s"'>=/]+)(${pe}*=${pe}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Oe=/'/g,Ne=/"/g,Ie=/^(?:script|style|textarea|title)$/i,be=i=>(t,...e)=>({_$litType$:i,strings:t,values:e}),a=be(1),bt=be(2),yt=be(3),z=Symbol.for("lit-noChange"),c=Symbol.for("lit-nothing"),Ue=new WeakMap,I=J.createTreeWalker(J,129);function Je(i,t){if(!$e(i)||!i.hasOwnProperty("raw"))throw Error("invalid template strings array");return Re!==void 0?Re.createHTML(t):t}var rt=(i,t)=>{let e=i.length-1,s=[],r,o=t===2?"<svg>":t===3?"<math>":"",n=K;for(let h=0;h<e;h++){let l=i[h],u,g,_=-1,P=0;for(;P<l.length&&(n.lastIndex=P,g=n.exec(l),g!==null);)P=n.lastIndex,n===K?g[1]==="!--"?n=Pe:g[1]!==void 0?n=Me:g[2]!==void 0?(Ie.test(g[2])&&(r=RegExp("</"+g[2],"g")),n=j):g[3]!==void 0&&(n=j):n===j?g[0]===">"?(n=r??K,_=-1):g[1]===void 0?_=-2:(_=n.lastIndex-g[2].length,u=g[1],n=g[3]===void 0?j:g[3]==='"'?Ne:Oe):n===Ne||n===Oe?n=j:n===Pe||n===Me?n=K:(n=j,r=void 0);let N=n===j&&i[h+1].startsWith("/>")?" ":"";o+=n===K?l+tt:_>=0?(s.push(u),l.slice(0,_)+De+l.slice(_)+U+N):l+U+(_===-2?h:N)}return[Je(i,o+(i[e]||"<?>")+(t===2?"</svg>":t===3?"</math>":"")),s]},X=class i{constructor({strings:t,_$litType$:e},s){let r;this.parts=[];let o=0,n=0,h=t.length-1,l=this.parts,[u,g]=rt(t,e);if(this.el=i.createElement(u,s),I.currentNode=this.el.content,e===2||e===3){let _=this.el.content.firstChild;_.replaceWith(..._.childNodes)}for(;(r=I.nextNode())!==null&&l.length<h;){if(r.nodeType===1){if(r.hasAttributes())for(let _ of r.getAttributeNames())if(_.endsWith(De)){let P=g[n++],N=r.getAttribute(_).split(U),Y=/([.?@])?(.*)/.exec(P);l.push({type:1,index:o,name:Y[2],strings:N,ctor:Y[1]==="."?me:Y[1]==="?"?ge:Y[1]==="@"?_e:W}),r.removeAttribute(_)}else _.startsWith(U)&&(l.push({type:6,index:o}),r.removeAttribute(_));if(Ie.test(r.tagName)){let _=r.textContent.split(U),P=_.length-1;if(P>0){r.textContent=ie?ie.emptyScript:"";for(let N=0;N<P;N++)r.append(_[N],V()),I.nextNode(),l.push({type:2,index:++o});r.append(_[P],V())}}}else if(r.nodeType===8)if(r.data===je)l.push({type:2,index:o});else{let _=-1;for(;(_=r.data.indexOf(U,_+1))!==-1;)l.push({type:7,index:o}),_+=U.length-1}o++}}static createElement(t,e){let s=J.createElement("template");return s.innerHTML=t,s}};function q(i,t,e=i,s){if(t===z)return t;let r=s!==void 0?e._$Co?.[s]:e._$Cl,o=G(t)?void 0:t._$litDirective$;return r?.constructor!==o&&(r?._$AO?.(!1),o===void 0?r=void 0:(r=new o(i),r._$AT(i,e,s)),s!==void 0?(e._$Co??=[])[s]=r:e._$Cl=r),r!==void 0&&(t=q(i,r._$AS(i,t.values),r,s)),t}var ue=class{constructor(t,e){this._$AV=[],this._$AN=void 0,this._$AD=t,this._$AM=e}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(t){let{el:{content:e},parts:s}=this._$AD,r=(t?.creationScope??J).importNode(e,!0);I.currentNode=r;let o=I.nextNode(),n=0,h=0,l=s[0];for(;l!==void 0;){if(n===l.index){let u;l.type===2?u=new Z(o,o.nextSibling,this,t):l.type===1?u=new l.ctor(o,l.name,l.strings,this,t):l.type===6&&(u=new fe(o,this,t)),this._$AV.push(u),l=s[++h]}n!==l?.index&&(o=I.nextNode(),n++)}return I.currentNode=J,r}p(t){let e=0;for(let s of this._$AV)s!==void 0&&(s.strings!==void 0?(s._$AI(t,s,e),e+=s.strings.length-2):s._$AI(t[e])),e++}},Z=class i{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(t,e,s,r){this.type=2,this._$AH=c,this._$AN=void 0,this._$AA=t,this._$AB=e,this._$AM=s,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let t=this._$AA.parentNode,e=this._$AM;return e!==void 0&&t?.nodeType===11&&(t=e.parentNode),t}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(t,e=this){t=q(this,t,e),G(t)?t===c||t==null||t===""?(this._$AH!==c&&this._$AR(),this._$AH=c):t!==this._$AH&&t!==z&&this._(t):t._$litType$!==void 0?this.$(t):t.nodeType!==void 0?this.T(t):st(t)?this.k(t):this._(t)}O(t){return this._$AA.parentNode.insertBefore(t,this._$AB)}T(t){this._$AH!==t&&(this._$AR(),this._$AH=this.O(t))}_(t){this._$AH!==c&&G(this._$AH)?this._$AA.nextSibling.data=t:this.T(J.createTextNode(t)),this._$AH=t}$(t){let{values:e,_$litType$:s}=t,r=typeof s=="number"?this._$AC(t):(s.el===void 0&&(s.el=X.createElement(Je(s.h,s.h[0]),this.options)),s);if(this._$AH?._$AD===r)this._$AH.p(e);else{let o=new ue(r,this),n=o.u(this.options);o.p(e),this.T(n),this._$AH=o}}_$AC(t){let e=Ue.get(t.strings);return e===void 0&&Ue.set(t.strings,e=new X(t)),e}k(t){$e(this._$AH)||(this._$AH=[],this._$AR());let e=this._$AH,s,r=0;for(let o of t)r===e.length?e.push(s=new i(this.O(V()),this.O(V()),this,this.options)):s=e[r],s._$AI(o),r++;r<e.length&&(this._$AR(s&&s._$AB.nextSibling,r),e.length=r)}_$AR(t=this._$AA.nextSibling,e){for(this._$AP?.(!1,!0,e);t!==this._$AB;){let s=Ce(t).nextSibling;Ce(t).remove(),t=s}}setConnected(t){this._$AM===void 0&&(this._$Cv=t,this._$AP?.(t))}},W=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(t,e,s,r,o){this.type=1,this._$AH=c,this._$AN=void 0,this.element=t,this.name=e,this._$AM=r,this.options=o,s.length>2||s[0]!==""||s[1]!==""?(this._$AH=Array(s.length-1).fill(new String),this.strings=s):this._$AH=c}_$AI(t,e=this,s,r){let o=this.strings,n=!1;if(o===void 0)t=q(this,t,e,0),n=!G(t)||t!==this._$AH&&t!==z,n&&(this._$AH=t);else{let h=t,l,u;for(t=o[0],l=0;l<o.length-1;l++)u=q(this,h[s+l],e,l),u===z&&(u=this._$AH[l]),n||=!G(u)||u!==this._$AH[l],u===c?t=c:t!==c&&(t+=(u??"")+o[l+1]),this._$AH[l]=u}n&&!r&&this.j(t)}j(t){t===c?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,t??"")}},me=class extends W{constructor(){super(...arguments),this.type=3}j(t){this.element[this.name]=t===c?void 0:t}},ge=class extends W{constructor(){super(...arguments),this.type=4}j(t){this.element.toggleAttribute(this.name,!!t&&t!==c)}},_e=class extends W{constructor(t,e,s,r,o){super(t,e,s,r,o),this.type=5}_$AI(t,e=this){if((t=q(this,t,e,0)??c)===z)return;let s=this._$AH,r=t===c&&s!==c||t.capture!==s.capture||t.once!==s.once||t.passive!==s.passive,o=t!==c&&(s===c||r);r&&this.element.removeEventListener(this.name,this,s),o&&this.element.addEventListener(this.name,this,t),this._$AH=t}handleEvent(t){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,t):this._$AH.handleEvent(t)}},fe=class{constructor(t,e,s){this.element=t,this.type=6,this._$AN=void 0,this._$AM=e,this.options=s}get _$AU(){return this._$AM._$AU}_$AI(t){q(this,t)}};var it=ve.litHtmlPolyfillSupport;it?.(X,Z),(ve.litHtmlVersions??=[]).push("3.3.3");var ze=(i,t,e)=>{let s=e?.renderBefore??t,r=s._$litPart$;if(r===void 0){let o=e?.renderBefore??null;s._$litPart$=r=new Z(t.insertBefore(V(),o),o,void 0,e??{})}return r._$AI(i),r};var ye=globalThis,f=class extends M{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let t=super.createRenderRoot();return this.renderOptions.renderBefore??=t.firstChild,t}update(t){let e=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(t),this._$Do=ze(e,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return z}};f._$litElement$=!0,f.finalized=!0,ye.litElementHydrateSupport?.({LitElement:f});var ot=ye.litElementPolyfillSupport;ot?.({LitElement:f});(ye.litElementVersions??=[]).push("4.2.2");var y=i=>(t,e)=>{e!==void 0?e.addInitializer(()=>{customElements.define(i,t)}):customElements.define(i,t)};var at={attribute:!0,type:String,converter:B,reflect:!1,hasChanged:re},nt=(i=at,t,e)=>{let{kind:s,metadata:r}=e,o=globalThis.litPropertyMetadata.get(r);if(o===void 0&&globalThis.litPropertyMetadata.set(r,o=new Map),s==="setter"&&((i=Object.create(i)).wrapped=!0),o.set(e.name,i),s==="accessor"){let{name:n}=e;return{set(h){let l=t.get.call(this);t.set.call(this,h),this.requestUpdate(n,l,i,!0,h)},init(h){return h!==void 0&&this.C(n,void 0,i,h),h}}}if(s==="setter"){let{name:n}=e;return function(h){let l=this[n];t.call(this,h),this.requestUpdate(n,l,i,!0,h)}}throw Error("Unsupported decorator location: "+s)};function m(i){return(t,e)=>typeof e=="object"?nt(i,t,e):((s,r,o)=>{let n=r.hasOwnProperty(o);return r.constructor.createProperty(o,s),n?Object.getOwnPropertyDescriptor(r,o):void 0})(i,t,e)}function p(i){return m({...i,state:!0,attribute:!1})}var L=(i,t,e)=>(e.configurable=!0,e.enumerable=!0,Reflect.decorate&&typeof t!="object"&&Object.defineProperty(i,t,e),e);function Le(i,t){return(e,s,r)=>{let o=n=>n.renderRoot?.querySelector(i)??null;if(t){let{get:n,set:h}=typeof s=="object"?e:r??(()=>{let l=Symbol();return{get(){return this[l]},set(u){this[l]=u}}})();return L(e,s,{get(){let l=n.call(this);return l===void 0&&(l=o(this),(l!==null||this.hasUpdated)&&h.call(this,l)),l}})}return L(e,s,{get(){return o(this)}})}}function xe(i){history.pushState(null,"",i),window.dispatchEvent(new CustomEvent("location-changed",{detail:{replace:!1}}))}function C(i){i.stopPropagation(),!(i.ctrlKey||i.metaKey||i.shiftKey||i.button!==0)&&(i.preventDefault(),xe(i.currentTarget.getAttribute("href")))}var lt={llm_hub:"Test bench",mcp_server:"MCP Server"};function oe(i){return lt[i]??i}function ae(i,t,e){return e?e===i.user?.id?`${i.user.name} (you)`:t.find(s=>s.id===e)?.name??e:"–"}function ne(i){return i?i.mode==="search"?"Search":i.mode==="search_over_limit"?i.active?"Search over the limit (searching now)":"Search over the limit (all tools now)":"All tools":"–"}function $(i){return i==null?"–":i.toLocaleString()}function D(i){let t=i.split(/(?<=[_.])(?![_.])/);return a`${t.map((e,s)=>a`${s?a`<wbr />`:c}${e}`)}`}function qe(i){if(!i)return[];let t=[];return i.read_only?t.push(a`<span class="badge info">read-only</span>`):(i.destructive&&t.push(a`<span class="badge error">destructive</span>`),i.idempotent&&t.push(a`<span class="badge">idempotent</span>`)),i.open_world&&t.push(a`<span class="badge warning">open world</span>`),t}function le(i){return a`<span class="badge ${i==="ok"?"success":i==="needs_confirmation"?"warning":"error"}">${i.replace("_"," ")}</span>`}var x=b`
  :host {
    display: block;
    color: var(--primary-text-color);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: 14px;
  }
  a {
    color: var(--primary-color);
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  .card {
    background: var(--ha-card-background, var(--card-background-color, #fff));
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
    margin-bottom: 16px;
  }
  .card h2 {
    margin: 0 0 12px;
    font-size: 20px;
    font-weight: 400;
  }
  .secondary {
    color: var(--secondary-text-color);
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td code {
    overflow-wrap: break-word;
  }
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid var(--divider-color);
    vertical-align: top;
  }
  th {
    font-weight: 500;
    color: var(--secondary-text-color);
    white-space: nowrap;
  }
  td.number,
  th.number {
    text-align: right;
    white-space: nowrap;
  }
  tr.clickable {
    cursor: pointer;
  }
  tr.clickable:hover,
  tr.open {
    background: var(--secondary-background-color);
  }
  tr.hidden-tool td {
    color: var(--secondary-text-color);
  }
  .badge {
    display: inline-block;
    padding: 1px 8px;
    margin: 1px 4px 1px 0;
    border-radius: 10px;
    font-size: 12px;
    line-height: 18px;
    white-space: nowrap;
    border: 1px solid var(--divider-color);
    color: var(--primary-text-color);
  }
  .badge.info {
    border-color: var(--info-color, #039be5);
    color: var(--info-color, #039be5);
  }
  .badge.success {
    border-color: var(--success-color, #43a047);
    color: var(--success-color, #43a047);
  }
  .badge.warning {
    border-color: var(--warning-color, #ffa600);
    color: var(--warning-color, #ffa600);
  }
  .badge.error {
    border-color: var(--error-color, #db4437);
    color: var(--error-color, #db4437);
  }
  .alert {
    padding: 8px 12px;
    border-radius: 8px;
    border-left: 4px solid var(--warning-color, #ffa600);
    background: var(--secondary-background-color);
    margin-bottom: 12px;
  }
  .alert.error {
    border-left-color: var(--error-color, #db4437);
  }
  pre,
  code {
    font-family: var(--ha-font-family-code, var(--code-font-family, monospace));
    font-size: 12px;
  }
  pre {
    background: var(--secondary-background-color);
    color: var(--primary-text-color);
    padding: 8px 12px;
    border-radius: 8px;
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
    margin: 4px 0 8px;
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
    color: var(--primary-text-color);
    background: var(--card-background-color, var(--primary-background-color));
    border: 1px solid var(--divider-color);
    border-radius: 6px;
    padding: 6px 8px;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 80px;
  }
  button {
    cursor: pointer;
  }
  button.primary {
    background: var(--primary-color);
    color: var(--text-primary-color, #fff);
    border-color: var(--primary-color);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin-bottom: 12px;
  }
  .grow {
    flex: 1;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 24px;
    margin-bottom: 8px;
  }
  .figure .value {
    font-size: 22px;
  }
  .figure .label {
    color: var(--secondary-text-color);
    font-size: 12px;
  }
`;var T=class{constructor(t){this._host=t;this._start=performance.now()}restart(){this._start=performance.now(),delete this._host.dataset.renderMs}async done(){await this._host.updateComplete,await new Promise(t=>requestAnimationFrame(()=>setTimeout(t))),this._host.dataset.renderMs=(performance.now()-this._start).toFixed(0)}};function w(i){if(i&&typeof i=="object"&&"message"in i){let{code:t,message:e}=i;return t?`${t}: ${e}`:String(e)}return String(i)}var ct=["ok","error","refused","needs_confirmation"],k=class extends f{constructor(){super(...arguments);this.users=[];this._hub="";this._tool="";this._user="";this._outcome="";this._timer=new T(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._calls===void 0;this._calls=[...e.calls.reverse(),...this._calls??[]].slice(0,500),s&&this._timer.done()},{type:"llm_hub/activity/subscribe"}),this._unsubscribe.catch(e=>{this._error=w(e)})}disconnectedCallback(){super.disconnectedCallback(),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._calls=void 0}_userName(e){return ae(this.hass,this.users,e)}render(){if(this._error)return a`<div class="alert error">${this._error}</div>`;if(!this._calls)return a`<div class="secondary">Loading…</div>`;let e=this._calls,s=[...new Map(e.map(l=>[l.api_id,l.api_name])).entries()],r=[...new Set(e.map(l=>l.user_id??""))],o=this._tool.trim().toLowerCase(),n=e.filter(l=>(!this._hub||l.api_id===this._hub)&&(!this._user||(l.user_id??"")===this._user)&&(!this._outcome||l.outcome===this._outcome)&&(!o||l.tool_name.toLowerCase().includes(o)||l.original_tool_name.toLowerCase().includes(o))),h=l=>u=>{this[l]=u.target.value};return a`<div class="card">
      <h2>Activity</h2>
      <div class="toolbar">
        <select name="hub" @change=${h("_hub")}>
          <option value="">All hubs</option>
          ${s.map(([l,u])=>a`<option value=${l}>${u}</option>`)}
        </select>
        <input
          name="tool"
          type="search"
          placeholder="Tool"
          .value=${this._tool}
          @input=${l=>this._tool=l.target.value}
        />
        <select name="user" @change=${h("_user")}>
          <option value="">All users</option>
          ${r.map(l=>a`<option value=${l}>${this._userName(l||null)}</option>`)}
        </select>
        <select name="outcome" @change=${h("_outcome")}>
          <option value="">All outcomes</option>
          ${ct.map(l=>a`<option value=${l}>${l.replace("_"," ")}</option>`)}
        </select>
        <span class="grow"></span>
        <span class="secondary live">● live</span>
      </div>
      ${n.length===0?a`<p class="secondary">
            ${e.length?"No call matches.":"No tool calls through a hub yet."}
          </p>`:a`<div class="table-wrap"><table>
            <thead>
              <tr>
                <th>Time</th>
                <th>Hub</th>
                <th>Tool</th>
                <th>User</th>
                <th>From</th>
                <th>Outcome</th>
                <th class="number">Duration</th>
              </tr>
            </thead>
            <tbody>
              ${n.map(l=>this._row(l))}
            </tbody>
          </table></div>`}
    </div>`}_row(e){return a`<tr data-call=${e.tool_call_id}>
      <td class="time">${new Date(e.time).toLocaleString()}</td>
      <td>${e.api_name}</td>
      <td>
        <code>${D(e.tool_name)}</code>
        ${e.original_tool_name!==e.tool_name?a`<div class="secondary"><code>${D(e.original_tool_name)}</code></div>`:c}
        ${e.arguments?a`<pre class="arguments">${JSON.stringify(e.arguments)}</pre>`:c}
        ${e.error?a`<div class="error-text">${e.error}</div>`:c}
      </td>
      <td>${this._userName(e.user_id)}</td>
      <td>${e.agent_id??oe(e.platform)}</td>
      <td>${le(e.outcome)}</td>
      <td class="number">${e.duration_ms.toLocaleString()} ms</td>
    </tr>`}};k.styles=[x,b`
      .live {
        color: var(--success-color, #43a047);
      }
      .time {
        white-space: nowrap;
      }
      .arguments {
        margin: 4px 0 0;
        padding: 2px 6px;
      }
      .error-text {
        color: var(--error-color);
        font-size: 12px;
      }
    `],d([m({attribute:!1})],k.prototype,"hass",2),d([m({attribute:!1})],k.prototype,"users",2),d([p()],k.prototype,"_calls",2),d([p()],k.prototype,"_error",2),d([p()],k.prototype,"_hub",2),d([p()],k.prototype,"_tool",2),d([p()],k.prototype,"_user",2),d([p()],k.prototype,"_outcome",2),k=d([y("llm-hub-activity")],k);var dt={pending:"warning",approved:"success",used:"success",denied:"error",expired:""};function We(i,t){let e=Math.max(0,Math.round((Date.parse(i)-t)/1e3)),[s,r,o]=[Math.floor(e/3600),Math.floor(e/60)%60,e%60],n=h=>String(h).padStart(2,"0");return s?`${s}:${n(r)}:${n(o)}`:`${r}:${n(o)}`}function Q(i){return new Date(i).toLocaleTimeString()}var A=class extends f{constructor(){super(...arguments);this.users=[];this.prefix="/llm_hub";this.hubLinks=!0;this._busy=new Set;this._failed=new Map;this._now=Date.now();this._timer=new T(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._approvals===void 0;this._approvals=e.approvals,s&&this._timer.done()},{type:"llm_hub/approvals/subscribe"}),this._unsubscribe.catch(e=>{this._error=w(e)}),this._tick=window.setInterval(()=>{this._approvals?.some(e=>e.status==="pending"||e.status==="approved")&&(this._now=Date.now())},1e3)}disconnectedCallback(){super.disconnectedCallback(),window.clearInterval(this._tick),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._approvals=void 0}async _decide(e,s){let r=e.approval_id;this._busy=new Set(this._busy).add(r);let o=new Map(this._failed);o.delete(r);try{await this.hass.callWS({type:s?"llm_hub/approvals/approve":"llm_hub/approvals/deny",approval_id:r})}catch(h){o.set(r,w(h))}this._failed=o;let n=new Set(this._busy);n.delete(r),this._busy=n}_who(e){return e?ae(this.hass,this.users,e):"a caller without a user"}render(){if(this._error)return a`<div class="alert error">${this._error}</div>`;if(!this._approvals)return a`<div class="secondary">Loading…</div>`;let e=this._approvals.filter(r=>r.status==="pending"),s=this._approvals.filter(r=>r.status!=="pending").sort((r,o)=>(o.decided??o.expires).localeCompare(r.decided??r.expires));return a`<div class="card">
        <div class="toolbar">
          <h2 class="grow">Approvals</h2>
          <span class="secondary live">● live</span>
        </div>
        ${e.length?e.map(r=>this._approval(r)):a`<p class="secondary empty">
              No tool call waits for approval. When a hub's tool needs confirming (its options
              → Safety) and the call comes from no conversation — an MCP client, an automation,
              the websocket — it waits here until an administrator or the user it runs as
              approves or denies it.
            </p>`}
      </div>
      ${s.length?a`<div class="card decided-card">
            <h2>Decided</h2>
            ${s.map(r=>this._approval(r))}
          </div>`:c}`}_approval(e){let s=e.approval_id,r=e.status==="pending",o=Object.keys(e.arguments).length?a`<pre class="arguments">${JSON.stringify(e.arguments,null,2)}</pre>`:a`<div class="secondary">No arguments.</div>`,n=this._failed.get(s);return a`<div class=${r?"approval":"approval done"} data-approval=${s}
      data-status=${e.status}>
      <div class="head">
        <code class="tool">${D(e.tool_name)}</code>
        <span class="secondary">through</span>
        ${this.hubLinks?a`<a href=${`${this.prefix}/hub/${e.api_id}`} @click=${C}
              >${e.hub_name}</a
            >`:a`<span class="hub">${e.hub_name}</span>`}
        <span class="badge ${dt[e.status]} status">${e.status}</span>
        <span class="grow"></span>
        ${this._countdown(e)}
      </div>
      <div class="secondary meta">
        Asked by <span class="asked-by">${this._who(e.user_id)}</span> through
        ${oe(e.platform)} at ${Q(e.created)}.
        ${this._decision(e)}
      </div>
      ${e.targets?.length||e.targets_unmatched?a`<div class="targets">
            Acts on: ${e.targets.map((h,l)=>a`${l?", ":""}<b>${h}</b>`)}
            ${e.targets_more?` and ${e.targets_more} more`:c}
            ${e.targets_unmatched?`nothing Home Assistant knows matches ${e.targets_unmatched}`:c}
          </div>`:c}
      ${o}
      ${n?a`<div class="alert error">${n}</div>`:c}
      ${r?a`<div class="actions">
            <button
              class="primary approve"
              ?disabled=${this._busy.has(s)}
              @click=${()=>this._decide(e,!0)}
            >
              Approve
            </button>
            <button
              class="deny"
              ?disabled=${this._busy.has(s)}
              @click=${()=>this._decide(e,!1)}
            >
              Deny
            </button>
          </div>`:c}
    </div>`}_countdown(e){let s=Q(e.expires);return e.status==="pending"?a`<span class="countdown" title=${`Until ${s}`}
        >Expires in ${We(e.expires,this._now)}</span
      >`:e.status==="approved"?a`<span class="countdown" title=${`Until ${s}`}
        >Call within ${We(e.expires,this._now)}</span
      >`:c}_decision(e){let s=e.decided_by?this._who(e.decided_by):"",r=e.decided?Q(e.decided):"";switch(e.status){case"approved":return a`Approved by <span class="decided-by">${s}</span> at ${r}; the tool runs
          when the model calls again with the approval id.`;case"used":return a`Approved by <span class="decided-by">${s}</span> at ${r}; the tool
          ran.`;case"denied":return a`Denied by <span class="decided-by">${s}</span> at ${r}.`;case"expired":return e.decided_by?a`Approved by <span class="decided-by">${s}</span> at ${r}, not called in
              time: expired at ${Q(e.expires)}.`:a`Nobody decided: expired at ${Q(e.expires)}.`;default:return c}}};A.styles=[x,b`
      .toolbar h2 {
        margin: 0;
      }
      .live {
        color: var(--success-color, #43a047);
      }
      .empty {
        max-width: 720px;
      }
      .approval {
        padding: 12px 0;
        border-top: 1px solid var(--divider-color);
      }
      .toolbar + .approval,
      h2 + .approval {
        border-top: none;
      }
      .approval.done {
        opacity: 0.65;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 6px;
        margin-bottom: 4px;
      }
      .tool {
        font-size: 14px;
        font-weight: 500;
      }
      .countdown {
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color);
      }
      .approval:not(.done) .countdown {
        color: var(--warning-color, #ffa600);
      }
      .meta {
        margin-bottom: 4px;
      }
      .arguments {
        max-height: 240px;
      }
      .actions {
        display: flex;
        gap: 8px;
      }
      .actions button {
        min-width: 96px;
      }
      button.deny {
        color: var(--error-color, #db4437);
        border-color: var(--error-color, #db4437);
      }
    `],d([m({attribute:!1})],A.prototype,"hass",2),d([m({attribute:!1})],A.prototype,"users",2),d([m()],A.prototype,"prefix",2),d([m({type:Boolean})],A.prototype,"hubLinks",2),d([p()],A.prototype,"_approvals",2),d([p()],A.prototype,"_error",2),d([p()],A.prototype,"_busy",2),d([p()],A.prototype,"_failed",2),d([p()],A.prototype,"_now",2),A=d([y("llm-hub-approvals")],A);var we;async function ht(){let i=window;if(typeof i.loadCardHelpers=="function"&&(await(await(await i.loadCardHelpers()).createCardElement({type:"entities",entities:[]}))?.constructor?.getConfigElement?.(),customElements.get("ha-form")))return;await customElements.whenDefined("partial-panel-resolver"),await document.createElement("partial-panel-resolver")._getRoutes?.([{component_name:"config",url_path:"llm-hub-tmp"}])?.routes?.["llm-hub-tmp"]?.load?.(),await customElements.whenDefined("ha-panel-config"),await document.createElement("ha-panel-config").routerOptions?.routes?.automation?.load?.()}function Fe(){return customElements.get("ha-form")?Promise.resolve(!0):(we??=Promise.race([ht().catch(()=>{}).then(()=>customElements.whenDefined("ha-form")).then(()=>!0),new Promise(i=>setTimeout(()=>i(!1),5e3))]).then(i=>(i||(we=void 0),i)),we)}function ce(i){return(Array.isArray(i.type)?i.type:[i.type]).find(e=>e&&e!=="null")}var S=class extends f{constructor(){super(...arguments);this.selectors={};this._data={};this._raw={};this._errors={};this._asJson=!1;this._json="{}"}reset(){this._data={},this._haForm===!1&&customElements.get("ha-form")&&(this._haForm=!0),this._raw={},this._errors={},this._json="{}",this._asJson=!1}connectedCallback(){if(super.connectedCallback(),this._haForm!==void 0)return;let e=performance.now();this.dataset.formLoaded=customElements.get("ha-form")?"before":"by the panel",Fe().then(s=>{this._haForm=s,this.dataset.form=s?"ha-form":"plain",this.dataset.formMs=String(Math.round(performance.now()-e))})}render(){let e=Object.entries(this.schema?.properties??{}),s=new Set(this.schema?.required??[]);return a`
      <label class="switch"
        ><input type="checkbox" .checked=${this._asJson} @change=${this._toggleJson} /> Edit the
        arguments as JSON</label
      >
      ${this._asJson?a`<textarea
            name="__json__"
            .value=${this._json}
            @input=${r=>{this._json=r.target.value,this._emit()}}
          ></textarea>`:e.length===0?a`<p class="secondary">This tool takes no arguments.</p>`:this._haForm===void 0?a`<p class="secondary">Loading the form…</p>`:this._haForm?this._renderHaForm(e,s):e.map(([r,o])=>this._field(r,o,s.has(r)))}
    `}_renderHaForm(e,s){let r=e.map(([n])=>({name:n,required:s.has(n),selector:this.selectors[n]??{object:{}}})),o=Object.fromEntries(e.map(([n,h])=>[n,h.description]));return a`<ha-form
      .hass=${this.hass}
      .data=${this._data}
      .schema=${r}
      .computeLabel=${n=>n.name}
      .computeHelper=${n=>o[n.name]}
      @value-changed=${n=>{n.stopPropagation(),this._data=n.detail.value,this._emit()}}
    ></ha-form>`}_field(e,s,r){let o=ce(s),n=this._raw[e]??"",h=g=>{this._raw={...this._raw,[e]:g},this._emit()},l=g=>h(g.target.value),u;return s.enum?u=a`<select name=${e} @change=${l}>
        <option value="" ?selected=${n===""}>—</option>
        ${s.enum.map(g=>a`<option value=${JSON.stringify(g)} ?selected=${n===JSON.stringify(g)}>
              ${String(g)}
            </option>`)}
      </select>`:o==="boolean"?u=a`<select name=${e} @change=${l}>
        <option value="" ?selected=${n===""}>—</option>
        <option value="true" ?selected=${n==="true"}>true</option>
        <option value="false" ?selected=${n==="false"}>false</option>
      </select>`:o==="integer"||o==="number"?u=a`<input
        name=${e}
        type="number"
        step=${o==="integer"?"1":"any"}
        min=${s.minimum??""}
        max=${s.maximum??""}
        .value=${n}
        @input=${l}
      />`:o==="string"?u=a`<input name=${e} type="text" .value=${n} @input=${l} />`:o==="array"&&ce(s.items??{})==="string"&&!s.items?.enum?u=a`<textarea
        name=${e}
        placeholder="One per line"
        .value=${n}
        @input=${l}
      ></textarea>`:u=a`<textarea
        name=${e}
        placeholder="JSON"
        .value=${n}
        @input=${l}
      ></textarea>`,a`<div class="field">
      <label
        ><code>${e}</code>${r?a`<span class="required">*</span>`:c}
        ${o?a`<span class="secondary">${o}</span>`:c}</label
      >
      ${u}
      ${s.description?a`<div class="secondary">${s.description}</div>`:c}
      ${this._errors[e]?a`<div class="error">${this._errors[e]}</div>`:c}
    </div>`}_args(){if(this._haForm)return Object.fromEntries(Object.entries(this._data).filter(([,r])=>r!==void 0&&r!==""));let e={},s={};for(let[r,o]of Object.entries(this.schema?.properties??{})){let n=this._raw[r];if(n===void 0||n==="")continue;let h=ce(o);try{o.enum||h==="boolean"?e[r]=JSON.parse(n):h==="integer"||h==="number"?e[r]=Number(n):h==="string"?e[r]=n:h==="array"&&ce(o.items??{})==="string"&&!o.items?.enum?e[r]=n.split(`
`).filter(l=>l.trim()):e[r]=JSON.parse(n)}catch{s[r]="Not valid JSON"}}return this._errors=s,e}_toggleJson(e){if(this._asJson=e.target.checked,this._asJson)this._json=JSON.stringify(this._args(),null,2);else if(this._haForm)try{let s=JSON.parse(this._json||"{}");s&&typeof s=="object"&&!Array.isArray(s)&&(this._data=s)}catch{}this._emit()}_emit(){let e;if(this._asJson)try{let s=JSON.parse(this._json||"{}");e=s&&typeof s=="object"&&!Array.isArray(s)?{value:s}:{error:"The arguments must be a JSON object"}}catch(s){e={error:`Not valid JSON: ${s.message}`}}else{let s=this._args();e=Object.keys(this._errors).length?{error:"Some fields are not valid"}:{value:s}}this.dispatchEvent(new CustomEvent("value-changed",{detail:e}))}};S.styles=[x,b`
      ha-form {
        display: block;
        max-width: 560px;
        margin-bottom: 12px;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin-bottom: 12px;
        max-width: 560px;
      }
      .required {
        color: var(--error-color);
        margin-left: 2px;
      }
      .error {
        color: var(--error-color);
      }
      .switch {
        display: block;
        margin-bottom: 12px;
      }
    `],d([m({attribute:!1})],S.prototype,"hass",2),d([m({attribute:!1})],S.prototype,"schema",2),d([m({attribute:!1})],S.prototype,"selectors",2),d([p()],S.prototype,"_haForm",2),d([p()],S.prototype,"_data",2),d([p()],S.prototype,"_raw",2),d([p()],S.prototype,"_errors",2),d([p()],S.prototype,"_asJson",2),d([p()],S.prototype,"_json",2),S=d([y("llm-hub-schema-form")],S);var v=class extends f{constructor(){super(...arguments);this.users=[];this.apiId="";this.toolName="";this._api="";this._tool="";this._user="";this._args={};this._running=!1;this._timer=new T(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._start()}willUpdate(e){e.has("hass")&&!this._user&&this.hass?.user&&(this._user=this.hass.user.id)}async _start(){try{this._apis=await this.hass.callWS({type:"llm_hub/apis/list"});let e=this._apis.apis.filter(r=>r.tools!==null),s=e.find(r=>r.id===this.apiId)??e[0];s&&await this._loadApi(s.id,this.toolName)}catch(e){this._error=w(e)}await this._timer.done()}async _loadApi(e,s=""){this._api=e,this._description=void 0,this._result=void 0,this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:e});let r=this._description.tools.filter(o=>!o.hidden);this._selectTool((r.find(o=>o.name===s)??r[0])?.name??"")}_selectTool(e){this._tool=e,this._args={},this._argsError=void 0,this._result=void 0,this._error=void 0,this._form?.reset()}render(){if(!this._apis)return this._error?a`<div class="alert error">${this._error}</div>`:a`<div class="secondary">Loading…</div>`;let e=this._description?.tools.filter(n=>!n.hidden)??[],s=e.find(n=>n.name===this._tool),r=this.hass.user,o=this.users.length?this.users:r?[{id:r.id,name:r.name}]:[];return a`
      <div class="card">
        <h2>Test bench</h2>
        <p class="secondary">
          Runs a tool the way a model's call runs it: through the API, with its checks, as the
          user you pick. Tools change things in your home for real.
        </p>
        <div class="pickers">
          <label
            >LLM API
            <select name="api" @change=${this._apiChanged}>
              ${this._apis.apis.filter(n=>n.tools!==null).map(n=>a`<option value=${n.id} ?selected=${n.id===this._api}>
                      ${n.name}${n.hub?"":" (not a hub)"}
                    </option>`)}
            </select></label
          >
          <label
            >Tool
            <select
              name="tool"
              @change=${n=>this._selectTool(n.target.value)}
            >
              ${e.map(n=>a`<option value=${n.name} ?selected=${n.name===this._tool}>
                    ${n.name}
                  </option>`)}
            </select></label
          >
          <label
            >Run as
            <select
              name="user"
              @change=${n=>this._user=n.target.value}
            >
              ${o.map(n=>a`<option value=${n.id} ?selected=${n.id===this._user}>
                    ${n.name}${n.id===r?.id?" (you)":""}
                  </option>`)}
            </select></label
          >
        </div>
      </div>
      ${s?a`<div class="card">
            <h2>${s.title||s.name}</h2>
            <p>${s.description}</p>
            <llm-hub-schema-form
              .hass=${this.hass}
              .schema=${s.parameters}
              .selectors=${s.selectors??{}}
              @value-changed=${this._argsChanged}
            ></llm-hub-schema-form>
            ${this._argsError?a`<div class="alert error">${this._argsError}</div>`:c}
            <button
              class="primary run"
              ?disabled=${this._running||!!this._argsError}
              @click=${this._run}
            >
              ${this._running?"Running…":"Run"}
            </button>
          </div>`:this._description?a`<div class="card secondary">This API lists no tools for you.</div>`:c}
      ${this._error?a`<div class="alert error result-error">${this._error}</div>`:c}
      ${this._result?this._renderResult(this._result):c}
    `}_renderResult(e){let s=JSON.stringify(e.result.data),r=this._apis?.chars_per_token??4;return a`<div class="card result">
      <h2>Result</h2>
      <div class="figures">
        <div class="figure">
          <div class="value">${le(e.outcome)}</div>
          <div class="label">outcome</div>
        </div>
        <div class="figure">
          <div class="value duration">${e.duration_ms.toLocaleString()} ms</div>
          <div class="label">time</div>
        </div>
        <div class="figure">
          <div class="value">${Math.ceil(s.length/r).toLocaleString()}</div>
          <div class="label">tokens (estimated)</div>
        </div>
      </div>
      <div class="secondary">Result data:</div>
      <pre class="data">${JSON.stringify(e.result.data,null,2)}</pre>
      <div class="secondary">What the model reads (${s.length.toLocaleString()} characters):</div>
      <pre class="read">${s}</pre>
    </div>`}async _apiChanged(e){try{await this._loadApi(e.target.value)}catch(s){this._error=w(s)}}_argsChanged(e){this._argsError=e.detail.error,e.detail.value&&(this._args=e.detail.value)}async _run(){this._running=!0,this._result=void 0,this._error=void 0;try{this._result=await this.hass.callWS({type:"llm_hub/tool/call",api_id:this._api,tool_name:this._tool,tool_args:this._args,user_id:this._user||void 0})}catch(e){this._error=w(e)}finally{this._running=!1}}};v.styles=[x,b`
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 16px;
      }
      .pickers label {
        display: flex;
        flex-direction: column;
        gap: 4px;
        color: var(--secondary-text-color);
      }
      .pickers select {
        min-width: 220px;
        max-width: 420px;
      }
    `],d([m({attribute:!1})],v.prototype,"hass",2),d([m({attribute:!1})],v.prototype,"users",2),d([m()],v.prototype,"apiId",2),d([m()],v.prototype,"toolName",2),d([p()],v.prototype,"_apis",2),d([p()],v.prototype,"_description",2),d([p()],v.prototype,"_api",2),d([p()],v.prototype,"_tool",2),d([p()],v.prototype,"_user",2),d([p()],v.prototype,"_args",2),d([p()],v.prototype,"_argsError",2),d([p()],v.prototype,"_running",2),d([p()],v.prototype,"_result",2),d([p()],v.prototype,"_error",2),d([Le("llm-hub-schema-form")],v.prototype,"_form",2),v=d([y("llm-hub-bench")],v);var pt="llm_hub-",ut=["APIs and instructions","Tools","Safety","Tool names and descriptions","Limits and logging","Tool search"],E=class extends f{constructor(){super(...arguments);this.apiId="";this.prefix="";this._filter="";this._showHidden=!0;this._providers={};this._timer=new T(this)}willUpdate(e){e.has("apiId")&&this.apiId&&(this._timer.restart(),this._description=void 0,this._providers={},this._open=void 0,this._load())}async _load(){try{this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:this.apiId}),this._error=void 0}catch(e){this._error=w(e)}await this._timer.done()}render(){if(this._error)return a`<div class="alert error">${this._error}</div>`;let e=this._description;if(!e)return a`<div class="secondary">Loading…</div>`;let{api:s,size:r,search:o}=e,n=e.tools.filter(l=>l.hidden).length,h=s.hub?s.id.slice(pt.length):void 0;return a`
      <div class="card">
        <div class="toolbar">
          <h2 class="grow">${s.name}</h2>
          <a href=${`${this.prefix}/bench?api=${encodeURIComponent(s.id)}`} @click=${C}
            ><button>Test bench</button></a
          >
        </div>
        <div class="figures">
          ${this._figure($(r.tools),"tools listed")}
          ${o?this._figure($(o.reachable),"tools reachable"):c}
          ${s.hub?this._figure($(n),"hidden"):c}
          ${this._figure($(r.prompt_chars+r.tools_chars),"characters")}
          ${this._figure($(r.tokens),"tokens (estimated)")}
          ${r.max_tools!==void 0?this._figure($(r.max_tools),"tool limit"):c}
        </div>
        ${o?a`<p class="mode">
              Tool mode: <strong>${ne(o)}</strong>.
              ${o.active?a`The model is handed ${$(o.listed)} tools
                    (${o.meta_tools.join(", ")}${o.listed>o.meta_tools.length?", and the tools always listed":""})
                    and reaches all ${$(o.reachable)} through search.`:a`The model is handed all ${$(o.listed)} tools.`}
            </p>`:c}
        ${r.over_limit?a`<div class="alert">
              ${s.name} lists ${r.tools} tools, more than its limit of ${r.max_tools}:
              some models refuse that many. Leave tools out in its options.
            </div>`:c}
        ${r.over_client_limit?a`<div class="alert client-limit">
              ${s.name} lists ${r.tools} tools: some MCP clients, such as Cursor, keep only
              the first ${r.client_limit}.
              ${s.hub?"Choose a search mode under Tool search, or leave tools out under Tools.":""}
            </div>`:c}
        <div class="secondary"><code>${s.id}</code> · tokens: ${r.estimator}</div>
        ${h?a`<p>
              Options:
              ${ut.map((l,u)=>a`${u?" · ":""}<a
                    href=${`/config/integrations/integration/llm_hub#config_entry=${h}`}
                    title="Settings → LLM Hub → ${s.name} → Configure → ${l}"
                    @click=${C}
                    >${l}</a
                  >`)}
            </p>`:c}
      </div>
      <div class="card">
        <h2>Prompt</h2>
        <p class="secondary">What the model reads before your request (for you, in your language).</p>
        <pre class="prompt">${e.prompt||"(no prompt)"}</pre>
      </div>
      <div class="card tools-card">
        <h2>Tools</h2>
        <div class="toolbar">
          <input
            class="grow"
            type="search"
            placeholder="Filter by name, original name or source"
            .value=${this._filter}
            @input=${l=>this._filter=l.target.value}
          />
          ${s.hub?a`<label
                ><input
                  type="checkbox"
                  .checked=${this._showHidden}
                  @change=${l=>this._showHidden=l.target.checked}
                />
                Show hidden tools</label
              >`:c}
        </div>
        ${this._toolsTable(e.tools,s.hub,!!o?.active)}
      </div>
    `}_figure(e,s){return a`<div class="figure">
      <div class="value">${e}</div>
      <div class="label">${s}</div>
    </div>`}_toolsTable(e,s,r){let o=this._filter.trim().toLowerCase(),n=e.filter(h=>(this._showHidden||!h.hidden)&&(!o||[h.name,h.original_name,h.source.integration,h.source.api,h.source.api_name].some(l=>l?.toLowerCase().includes(o))));return a`<div class="table-wrap"><table class="tools">
      <thead>
        <tr>
          <th>Listed name</th>
          ${r?a`<th>Model gets</th>`:c}
          <th>Original name and source</th>
          <th>Annotations</th>
          ${s?a`<th>Confirmation</th>
                <th>Hidden</th>
                <th>Schema changes</th>`:c}
          <th class="number">Tokens</th>
        </tr>
      </thead>
      <tbody>
        ${n.map(h=>this._toolRow(h,s,r))}
      </tbody>
    </table></div>
    ${n.length===0?a`<p class="secondary">No tool matches.</p>`:c}`}_toolRow(e,s,r){let o=e.key??e.name,n=this._open===o,h=(s?7:4)+(r?1:0);return a`<tr
        class="clickable ${e.hidden?"hidden-tool":""} ${n?"open":""}"
        data-tool=${e.name}
        @click=${()=>this._toggle(e)}
      >
        <td>
          <code>${D(e.hidden?e.key??e.name:e.name)}</code>
          ${e.title?a`<div class="secondary">${e.title}</div>`:c}
        </td>
        ${r?a`<td class="listing">${this._listing(e)}</td>`:c}
        <td>
          <code>${D(e.original_name)}</code>
          <div class="secondary">${this._source(e)}</div>
        </td>
        <td>${qe(e.annotations)}</td>
        ${s?a`<td>
                ${e.confirm?a`<span class="badge warning">needs confirmation</span>
                      ${e.confirm_reason?a`<div class="secondary">${e.confirm_reason}</div>`:c}`:c}
              </td>
              <td class="reason">
                ${e.hidden?a`<span class="badge">hidden</span> ${e.hidden}`:c}
              </td>
              <td>
                ${e.schema_fixes?.length?a`<span class="badge info" title=${e.schema_fixes.join(`
`)}
                      >${e.schema_fixes.length} change${e.schema_fixes.length>1?"s":""}</span
                    >`:c}
              </td>`:c}
        <td class="number">${$(e.size.tokens)}</td>
      </tr>
      ${n?a`<tr class="details">
            <td colspan=${h}>${this._details(e)}</td>
          </tr>`:c}`}_listing(e){return e.hidden?c:e.meta?a`<span class="badge info">listed: tool search</span>`:e.listed?a`<span class="badge info">listed</span>`:a`<span class="badge">through search</span>`}_source(e){if(e.meta)return`tool search of ${e.source.api_name??e.source.api}`;let{integration:s}=e.source,r=e.source.api_name??e.source.api;return r&&s?`${s}, through ${r}`:r?`through ${r}`:s?`${s} (contributed)`:""}_details(e){let s=this._providers[e.name];return a`
      <p>${e.description||a`<span class="secondary">(no description)</span>`}</p>
      ${e.schema_fixes?.length?a`<div class="secondary">Schema changes made so every provider accepts it:</div>
            <ul>
              ${e.schema_fixes.map(r=>a`<li>${r}</li>`)}
            </ul>`:c}
      ${e.parameters_error?a`<div class="alert error">Parameters: ${e.parameters_error}</div>`:a`<div class="secondary">Parameters (JSON Schema, as agents convert them):</div>
            <pre>${JSON.stringify(e.parameters,null,2)}</pre>`}
      ${!e.hidden&&!e.listed?a`<p class="secondary">
            Not handed to the model: it finds this tool with search_tools and calls it through
            call_tool (call_read_only_tool for a read-only tool), with the same checks.
          </p>`:c}
      ${e.hidden||!e.listed?c:a`<div class="toolbar">
              <a
                href=${`${this.prefix}/bench?api=${encodeURIComponent(this.apiId)}&tool=${encodeURIComponent(e.name)}`}
                @click=${C}
                ><button class="primary">Try it in the test bench</button></a
              >
            </div>
            <div class="secondary">What each provider's agent in Home Assistant sends:</div>
            ${s===void 0?a`<div class="secondary">Loading…</div>`:typeof s=="string"?a`<div class="alert error">${s}</div>`:a`<div class="providers">
                    ${Object.entries(s.providers).map(([r,o])=>a`<div class="provider" data-provider=${r}>
                        <strong>${o.name}</strong>
                        ${o.error?a`<div class="secondary">${o.error}</div>`:a`<pre>${JSON.stringify(o.definition,null,2)}</pre>`}
                      </div>`)}
                  </div>`}`}
    `}async _toggle(e){let s=e.key??e.name;if(this._open=this._open===s?void 0:s,!(!this._open||e.hidden||!e.listed||this._providers[e.name]!==void 0))try{let r=await this.hass.callWS({type:"llm_hub/tool/providers",api_id:this.apiId,tool_name:e.name});this._providers={...this._providers,[e.name]:r}}catch(r){this._providers={...this._providers,[e.name]:w(r)}}}};E.styles=[x,b`
      .prompt {
        max-height: 240px;
      }
      tr,
      .tools-card {
        scroll-margin-top: calc(var(--header-height, 56px) + 8px);
      }
      td.reason {
        min-width: 160px;
        max-width: 280px;
      }
      .providers {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        gap: 8px;
      }
      .provider pre {
        max-height: 360px;
      }
      tr.details > td {
        background: var(--secondary-background-color);
      }
      tr.details pre {
        background: var(--card-background-color, var(--primary-background-color));
      }
    `],d([m({attribute:!1})],E.prototype,"hass",2),d([m()],E.prototype,"apiId",2),d([m()],E.prototype,"prefix",2),d([p()],E.prototype,"_description",2),d([p()],E.prototype,"_error",2),d([p()],E.prototype,"_filter",2),d([p()],E.prototype,"_showHidden",2),d([p()],E.prototype,"_open",2),d([p()],E.prototype,"_providers",2),E=d([y("llm-hub-view")],E);var O=class extends f{constructor(){super(...arguments);this.prefix="";this._timer=new T(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._load()}async _load(){try{this._list=await this.hass.callWS({type:"llm_hub/apis/list"}),this._error=void 0}catch(e){this._error=w(e)}await this._timer.done()}render(){if(this._error)return a`<div class="alert error">${this._error}</div>`;if(!this._list)return a`<div class="secondary">Loading…</div>`;let e=this._list.apis.filter(r=>r.hub),s=this._list.apis.filter(r=>!r.hub);return a`
      <div class="card">
        <h2>Hubs</h2>
        ${e.length?this._table(e,!0):a`<p class="secondary">
              No hub yet: add one in Settings → Devices &amp; services → Add integration →
              LLM Hub.
            </p>`}
      </div>
      <div class="card">
        <h2>Other LLM APIs</h2>
        ${this._table(s,!1)}
      </div>
      <p class="secondary">
        Sizes are what a model gets, built for you: prompt and tool definitions; tokens are
        estimated (${this._list.estimator}). Calls are those of the last 24 hours, counted
        since Home Assistant started (${new Date(this._list.since).toLocaleString()}).
        <button @click=${this._reload}>Refresh</button>
      </p>
    `}_table(e,s){return a`<div class="table-wrap"><table>
      <thead>
        <tr>
          <th>Name</th>
          ${s?a`<th>Tool mode</th>`:c}
          <th class="number">${s?"Tools listed":"Tools"}</th>
          ${s?a`<th class="number">Reachable</th>
                <th class="number">Hidden</th>`:c}
          <th class="number">Characters</th>
          <th class="number">Tokens (est.)</th>
          ${s?a`<th>Warnings</th>
                <th class="number">Calls (24 h)</th>`:c}
        </tr>
      </thead>
      <tbody>
        ${e.map(r=>a`<tr
            class="clickable"
            data-api=${r.id}
            @click=${()=>xe(`${this.prefix}/hub/${encodeURIComponent(r.id)}`)}
          >
            <td>
              <a href=${`${this.prefix}/hub/${encodeURIComponent(r.id)}`} @click=${C}
                >${r.name}</a
              >
              <div class="secondary"><code>${r.id}</code></div>
            </td>
            ${s?a`<td class="mode">${ne(r.search)}</td>`:c}
            <td class="number">${$(r.tools)}</td>
            ${s?a`<td class="number">${$(r.search?.reachable)}</td>
                  <td class="number">${$(r.hidden)}</td>`:c}
            <td class="number">
              ${r.prompt_chars===null?"–":$((r.prompt_chars??0)+(r.tools_chars??0))}
            </td>
            <td class="number">${$(r.tokens)}</td>
            ${s?a`<td>${this._warnings(r)}</td>
                  <td class="number">${$(r.calls_24h)}</td>`:c}
          </tr>`)}
      </tbody>
    </table></div>`}_warnings(e){return a`
      ${e.state!=="loaded"?a`<span class="badge error">${e.state.replaceAll("_"," ")}</span>`:c}
      ${e.error?a`<span class="badge error" title=${e.error}>cannot be built</span>`:c}
      ${e.over_limit?a`<span class="badge warning" title="More tools than the hub's limit"
            >over the limit of ${e.max_tools}</span
          >`:c}
      ${e.over_client_limit?a`<span
            class="badge warning"
            title="Some MCP clients, such as Cursor, keep only the first ${this._list.client_limit} tools"
            >over ${this._list.client_limit} tools</span
          >`:c}
      ${e.repairs.length?a`<a href="/config/repairs" @click=${C}
            ><span class="badge warning"
              >${e.repairs.length} repair${e.repairs.length>1?"s":""}</span
            ></a
          >`:c}
    `}_reload(){this._timer.restart(),this._load()}};O.styles=x,d([m({attribute:!1})],O.prototype,"hass",2),d([m()],O.prototype,"prefix",2),d([p()],O.prototype,"_list",2),d([p()],O.prototype,"_error",2),O=d([y("llm-hub-hubs")],O);var mt=[{path:"hubs",label:"Hubs"},{path:"bench",label:"Test bench"},{path:"activity",label:"Activity"},{path:"approvals",label:"Approvals"}],R=class extends f{constructor(){super(...arguments);this.narrow=!1;this._users=[];this._usersLoaded=!1}get _approvalsOnly(){return this.panel?.config?.view==="approvals"}willUpdate(e){e.has("hass")&&this.hass&&!this._usersLoaded&&this.hass.user?.is_admin&&(this._usersLoaded=!0,this._loadUsers())}async _loadUsers(){try{let e=await this.hass.callWS({type:"config/auth/list"});this._users=e.filter(s=>s.is_active&&!s.system_generated)}catch{this._users=[]}}get _parts(){return(this.route?.path??"").split("?")[0].split("/").filter(s=>s).map(s=>decodeURIComponent(s))}get _prefix(){return this.route?.prefix??"/llm_hub"}render(){if(!this.hass)return c;if(this._approvalsOnly)return a`
        <header>
          ${this.narrow?a`<button class="menu" title="Sidebar" @click=${this._toggleMenu}>☰</button>`:c}
          <div class="title">LLM Hub approvals</div>
        </header>
        <main>
          <llm-hub-approvals
            .hass=${this.hass}
            .users=${this._users}
            .hubLinks=${!1}
          ></llm-hub-approvals>
        </main>
      `;let[e="hubs",s]=this._parts,r=e==="hub"?"hubs":e;return a`
      <header>
        ${this.narrow?a`<button class="menu" title="Sidebar" @click=${this._toggleMenu}>☰</button>`:c}
        <div class="title">LLM Hub</div>
        <nav>
          ${mt.map(o=>a`<a
              class=${o.path===r?"tab active":"tab"}
              href=${`${this._prefix}/${o.path}`}
              data-tab=${o.path}
              @click=${C}
              >${o.label}</a
            >`)}
        </nav>
      </header>
      <main>${this._view(e,s)}</main>
    `}_view(e,s){let r=new URLSearchParams(window.location.search);switch(e){case"hub":return a`<llm-hub-view
          .hass=${this.hass}
          .apiId=${s??""}
          .prefix=${this._prefix}
        ></llm-hub-view>`;case"bench":return a`<llm-hub-bench
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${r.get("api")??""}
          .toolName=${r.get("tool")??""}
        ></llm-hub-bench>`;case"activity":return a`<llm-hub-activity .hass=${this.hass} .users=${this._users}></llm-hub-activity>`;case"approvals":return a`<llm-hub-approvals
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-approvals>`;default:return a`<llm-hub-hubs .hass=${this.hass} .prefix=${this._prefix}></llm-hub-hubs>`}}_toggleMenu(){this.dispatchEvent(new CustomEvent("hass-toggle-menu",{bubbles:!0,composed:!0}))}};R.styles=[x,b`
      :host {
        min-height: 100vh;
        background: var(--primary-background-color);
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        height: var(--header-height, 56px);
        padding: 0 16px;
        background: var(--app-header-background-color, var(--primary-color));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        position: sticky;
        top: 0;
        z-index: 2;
      }
      .title {
        font-size: 20px;
        margin-right: 16px;
      }
      .menu {
        background: none;
        border: none;
        color: inherit;
        font-size: 20px;
      }
      nav {
        display: flex;
        height: 100%;
        overflow-x: auto;
      }
      .tab {
        display: flex;
        align-items: center;
        padding: 0 14px;
        color: inherit;
        opacity: 0.8;
        border-bottom: 2px solid transparent;
        white-space: nowrap;
      }
      .tab:hover {
        text-decoration: none;
        opacity: 1;
      }
      .tab.active {
        opacity: 1;
        border-bottom-color: currentColor;
      }
      main {
        padding: 16px;
        max-width: 1400px;
        margin: 0 auto;
      }
      :host([narrow]) main {
        padding: 8px;
      }
    `],d([m({attribute:!1})],R.prototype,"hass",2),d([m({type:Boolean,reflect:!0})],R.prototype,"narrow",2),d([m({attribute:!1})],R.prototype,"route",2),d([m({attribute:!1})],R.prototype,"panel",2),d([p()],R.prototype,"_users",2),R=d([y("llm-hub-panel")],R);export{R as LlmHubPanel};
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/decorators/query-assigned-elements.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
